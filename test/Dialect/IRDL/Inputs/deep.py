# Prints an IRDL dialect `deep` whose constraints nest N levels deep.
import sys

n = int(sys.argv[1])
out = ["irdl.dialect @deep {", "  irdl.operation @op {", "    %c0 = irdl.is i32"]
for i in range(1, n + 1):
    out.append("    %%c%d = irdl.all_of(%%c%d)" % (i, i - 1))
out += ["    irdl.results(res: %%c%d)" % n, "  }", "  irdl.operation @any {", "    %0 = irdl.any",
        "    irdl.results(res: %0)", "  }", "  irdl.type @ty {", "    %c0 = irdl.is i32"]
for i in range(1, n + 1):
    out.append("    %%c%d = irdl.any_of(%%c%d)" % (i, i - 1))
out += ["    irdl.parameters(p: %%c%d)" % n, "  }", "}"]
print("\n".join(out))
