/*===- ir.c - Tests of the C API of the core IR ---------------------------===*\
|*                                                                            *|
|* Compiled as C. Prints what the API returns; FileCheck compares it with the *|
|* expected lines below (the IR printed is what mlir-opt prints for it).      *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/
/* RUN: lamina-capi-ir-test 2>&1 | FileCheck %s
 */
#include "lamina-c/Lamina.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void printToStdout(LaminaStringRef str, void *userData) {
  (void)userData;
  fwrite(str.data, 1, str.length, stdout);
}

/* A growable byte buffer filled by a LaminaStringCallback. */
typedef struct {
  char *data;
  size_t size;
} Buffer;

static void appendToBuffer(LaminaStringRef str, void *userData) {
  Buffer *buffer = (Buffer *)userData;
  buffer->data = (char *)realloc(buffer->data, buffer->size + str.length + 1);
  memcpy(buffer->data + buffer->size, str.data, str.length);
  buffer->size += str.length;
  buffer->data[buffer->size] = 0;
}

static LaminaContext createContext(void) {
  LaminaDialectRegistry registry = laminaDialectRegistryCreate();
  laminaRegisterAllDialects(registry);
  LaminaContext ctx = laminaContextCreateWithRegistry(registry, false);
  laminaDialectRegistryDestroy(registry);
  return ctx;
}

static const char *kModule = "func.func @add(%arg0: i32, %arg1: i32) -> i32 {\n"
                             "  %0 = arith.addi %arg0, %arg1 : i32\n"
                             "  %c1 = arith.constant 1 : i32\n"
                             "  %1 = arith.muli %0, %c1 : i32\n"
                             "  return %1 : i32\n"
                             "}\n";

/*===----------------------------------------------------------------------===*
 * Parse, print, walk
 *===----------------------------------------------------------------------===*/

static LaminaWalkResult printOpName(LaminaOperation op, void *userData) {
  int *count = (int *)userData;
  LaminaStringRef name = laminaIdentifierStr(laminaOperationGetName(op));
  printf("%d: %.*s\n", (*count)++, (int)name.length, name.data);
  return LaminaWalkResultAdvance;
}

static LaminaWalkResult skipFunctions(LaminaOperation op, void *userData) {
  printOpName(op, userData);
  LaminaStringRef name = laminaIdentifierStr(laminaOperationGetName(op));
  return laminaStringRefEqual(name, laminaStringRefCreateFromCString("func.func")) ? LaminaWalkResultSkip
                                                                                  : LaminaWalkResultAdvance;
}

static void testParsePrintWalk(LaminaContext ctx) {
  printf("@parse\n");
  LaminaModule module = laminaModuleCreateParse(ctx, laminaStringRefCreateFromCString(kModule));
  LaminaOperation moduleOp = laminaModuleGetOperation(module);
  laminaOperationPrint(moduleOp, printToStdout, NULL);
  // CHECK-LABEL: @parse
  // CHECK:      module {
  // CHECK-NEXT:   func.func @add(%arg0: i32, %arg1: i32) -> i32 {
  // CHECK-NEXT:     %0 = arith.addi %arg0, %arg1 : i32
  // CHECK-NEXT:     %c1_i32 = arith.constant 1 : i32
  // CHECK-NEXT:     %1 = arith.muli %0, %c1_i32 : i32
  // CHECK-NEXT:     return %1 : i32
  // CHECK-NEXT:   }
  // CHECK-NEXT: }

  printf("@walk\n");
  int count = 0;
  laminaOperationWalk(moduleOp, printOpName, &count, LaminaWalkPostOrder);
  // CHECK-LABEL: @walk
  // CHECK-NEXT: 0: arith.addi
  // CHECK-NEXT: 1: arith.constant
  // CHECK-NEXT: 2: arith.muli
  // CHECK-NEXT: 3: func.return
  // CHECK-NEXT: 4: func.func
  // CHECK-NEXT: 5: builtin.module
  count = 0;
  laminaOperationWalk(moduleOp, skipFunctions, &count, LaminaWalkPreOrder);
  // CHECK-NEXT: 0: builtin.module
  // CHECK-NEXT: 1: func.func
  // CHECK-NOT: arith

  printf("@structure\n");
  LaminaBlock body = laminaModuleGetBody(module);
  LaminaOperation func = laminaBlockGetFirstOperation(body);
  LaminaRegion funcBody = laminaOperationGetRegion(func, 0);
  LaminaBlock entry = laminaRegionGetFirstBlock(funcBody);
  printf("regions %d, blocks-after-entry %d, args %d\n", (int)laminaOperationGetNumRegions(func),
         !laminaBlockIsNull(laminaBlockGetNextInRegion(entry)), (int)laminaBlockGetNumArguments(entry));
  LaminaOperation add = laminaBlockGetFirstOperation(entry);
  printf("operands %d results %d uses %d\n", (int)laminaOperationGetNumOperands(add),
         (int)laminaOperationGetNumResults(add), (int)laminaValueGetNumUses(laminaOperationGetResult(add, 0)));
  LaminaValue lhs = laminaOperationGetOperand(add, 0);
  printf("lhs is block argument %d, number %d, owner is entry %d\n", laminaValueIsABlockArgument(lhs),
         (int)laminaBlockArgumentGetArgNumber(lhs), laminaBlockEqual(laminaBlockArgumentGetOwner(lhs), entry));
  laminaValuePrintAsOperand(laminaOperationGetResult(add, 0), printToStdout, NULL);
  printf("\n");
  LaminaOperation terminator = laminaBlockGetTerminator(entry);
  laminaOperationPrint(terminator, printToStdout, NULL);
  printf("\nparent of add is func %d\n", laminaOperationEqual(laminaOperationGetParentOperation(add), func));
  LaminaAttribute symName = laminaOperationGetAttributeByName(func, laminaStringRefCreateFromCString("sym_name"));
  laminaAttributePrint(symName, printToStdout, NULL);
  printf("\n");
  // CHECK-LABEL: @structure
  // CHECK-NEXT: regions 1, blocks-after-entry 0, args 2
  // CHECK-NEXT: operands 2 results 1 uses 1
  // CHECK-NEXT: lhs is block argument 1, number 0, owner is entry 1
  // CHECK-NEXT: %0
  // CHECK-NEXT: func.return %1 : i32
  // CHECK-NEXT: parent of add is func 1
  // CHECK-NEXT: "add"

  printf("@flags\n");
  LaminaOpPrintingFlags flags = laminaOpPrintingFlagsCreate();
  laminaOpPrintingFlagsPrintGenericOpForm(flags);
  laminaOperationPrintWithFlags(add, flags, printToStdout, NULL);
  laminaOpPrintingFlagsDestroy(flags);
  printf("\n");
  // CHECK-LABEL: @flags
  // CHECK-NEXT: %0 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32

  laminaModuleDestroy(module);
}

/*===----------------------------------------------------------------------===*
 * Bytecode
 *===----------------------------------------------------------------------===*/

static void testBytecode(LaminaContext ctx) {
  printf("@bytecode\n");
  LaminaModule module = laminaModuleCreateParse(ctx, laminaStringRefCreateFromCString(kModule));
  Buffer bytes = {NULL, 0};
  laminaOperationWriteBytecode(laminaModuleGetOperation(module), appendToBuffer, &bytes);
  printf("magic %d\n", bytes.size > 4 && memcmp(bytes.data, "ML\xEFR", 4) == 0);
  LaminaModule reread = laminaModuleCreateParse(ctx, laminaStringRefCreate(bytes.data, bytes.size));
  Buffer text1 = {NULL, 0}, text2 = {NULL, 0};
  laminaOperationPrint(laminaModuleGetOperation(module), appendToBuffer, &text1);
  laminaOperationPrint(laminaModuleGetOperation(reread), appendToBuffer, &text2);
  printf("round trip %d\n", text1.size == text2.size && memcmp(text1.data, text2.data, text1.size) == 0);

  LaminaBytecodeWriterConfig config = laminaBytecodeWriterConfigCreate();
  laminaBytecodeWriterConfigDesiredEmitVersion(config, 99);
  Buffer ignored = {NULL, 0};
  LaminaLogicalResult result =
      laminaOperationWriteBytecodeWithConfig(laminaModuleGetOperation(module), config, appendToBuffer, &ignored);
  printf("version 99 fails %d\n", laminaLogicalResultIsFailure(result));
  laminaBytecodeWriterConfigDestroy(config);
  // CHECK-LABEL: @bytecode
  // CHECK-NEXT: magic 1
  // CHECK-NEXT: round trip 1
  // CHECK: error: unsupported version requested 99, must be in range [{{[0-9]+}}, 6]
  // CHECK: version 99 fails 1
  free(bytes.data);
  free(text1.data);
  free(text2.data);
  free(ignored.data);
  laminaModuleDestroy(reread);
  laminaModuleDestroy(module);
}

/*===----------------------------------------------------------------------===*
 * Building IR
 *===----------------------------------------------------------------------===*/

static void testBuild(LaminaContext ctx) {
  printf("@build\n");
  LaminaLocation loc = laminaLocationUnknownGet(ctx);
  LaminaModule module = laminaModuleCreateEmpty(loc);
  LaminaType i64 = laminaIntegerTypeGet(ctx, 64);
  LaminaType funcType = laminaFunctionTypeGet(ctx, 1, &i64, 1, &i64);

  /* func.func @twice(%arg0: i64) -> i64 */
  LaminaRegion funcBody = laminaRegionCreate();
  LaminaBlock entry = laminaBlockCreate(1, &i64, &loc);
  laminaRegionAppendOwnedBlock(funcBody, entry);
  LaminaNamedAttribute funcAttrs[2] = {
      laminaNamedAttributeGet(laminaIdentifierGet(ctx, laminaStringRefCreateFromCString("sym_name")),
                              laminaStringAttrGet(ctx, laminaStringRefCreateFromCString("twice"))),
      laminaNamedAttributeGet(laminaIdentifierGet(ctx, laminaStringRefCreateFromCString("function_type")),
                              laminaTypeAttrGet(funcType))};
  LaminaOperationState funcState = laminaOperationStateGet(laminaStringRefCreateFromCString("func.func"), loc);
  laminaOperationStateAddAttributes(&funcState, 2, funcAttrs);
  laminaOperationStateAddOwnedRegions(&funcState, 1, &funcBody);
  LaminaOperation func = laminaOperationCreate(&funcState);
  laminaBlockAppendOwnedOperation(laminaModuleGetBody(module), func);

  /* %c2 = arith.constant 2 : i64 */
  LaminaNamedAttribute value = laminaNamedAttributeGet(
      laminaIdentifierGet(ctx, laminaStringRefCreateFromCString("value")), laminaIntegerAttrGet(i64, 2));
  LaminaOperationState constState = laminaOperationStateGet(laminaStringRefCreateFromCString("arith.constant"), loc);
  laminaOperationStateAddResults(&constState, 1, &i64);
  laminaOperationStateAddAttributes(&constState, 1, &value);
  LaminaOperation constant = laminaOperationCreate(&constState);
  laminaBlockAppendOwnedOperation(entry, constant);

  /* %0 = arith.muli %arg0, %c2 : i64 */
  LaminaValue operands[2] = {laminaBlockGetArgument(entry, 0), laminaOperationGetResult(constant, 0)};
  LaminaOperationState mulState = laminaOperationStateGet(laminaStringRefCreateFromCString("arith.muli"), loc);
  laminaOperationStateAddOperands(&mulState, 2, operands);
  laminaOperationStateAddResults(&mulState, 1, &i64);
  LaminaOperation mul = laminaOperationCreate(&mulState);
  laminaBlockAppendOwnedOperation(entry, mul);

  /* return %0 : i64 */
  LaminaValue product = laminaOperationGetResult(mul, 0);
  LaminaOperationState retState = laminaOperationStateGet(laminaStringRefCreateFromCString("func.return"), loc);
  laminaOperationStateAddOperands(&retState, 1, &product);
  laminaBlockAppendOwnedOperation(entry, laminaOperationCreate(&retState));

  printf("verifies %d\n", laminaOperationVerify(laminaModuleGetOperation(module)));
  laminaOperationPrint(laminaModuleGetOperation(module), printToStdout, NULL);
  // CHECK-LABEL: @build
  // CHECK-NEXT: verifies 1
  // CHECK-NEXT: module {
  // CHECK-NEXT:   func.func @twice(%arg0: i64) -> i64 {
  // CHECK-NEXT:     %c2_i64 = arith.constant 2 : i64
  // CHECK-NEXT:     %0 = arith.muli %arg0, %c2_i64 : i64
  // CHECK-NEXT:     return %0 : i64
  // CHECK-NEXT:   }
  // CHECK-NEXT: }

  /* Moving, cloning, removing attributes. */
  printf("@edit\n");
  LaminaOperation copy = laminaOperationClone(constant);
  laminaBlockInsertOwnedOperationBefore(entry, mul, copy);
  laminaOperationSetOperand(mul, 1, laminaOperationGetResult(copy, 0));
  printf("old constant unused %d\n", laminaValueIsUnused(laminaOperationGetResult(constant, 0)));
  laminaOperationDestroy(constant);
  laminaOperationSetAttributeByName(mul, laminaStringRefCreateFromCString("note"), laminaUnitAttrGet(ctx));
  laminaOperationPrint(func, printToStdout, NULL);
  printf("\nremoved %d\n",
         laminaOperationRemoveAttributeByName(mul, laminaStringRefCreateFromCString("note")));
  // CHECK-LABEL: @edit
  // CHECK-NEXT: old constant unused 1
  // CHECK-NEXT: func.func @twice(%arg0: i64) -> i64 {
  // CHECK-NEXT:   %c2_i64 = arith.constant 2 : i64
  // CHECK-NEXT:   %0 = arith.muli %arg0, %c2_i64 {note} : i64
  // CHECK-NEXT:   return %0 : i64
  // CHECK-NEXT: }
  // CHECK-NEXT: removed 1

  laminaModuleDestroy(module);
}

/*===----------------------------------------------------------------------===*
 * Types and attributes
 *===----------------------------------------------------------------------===*/

static void testTypesAndAttributes(LaminaContext ctx) {
  printf("@types\n");
  LaminaType f32 = laminaF32TypeGet(ctx);
  int64_t shape[2] = {4, laminaShapedTypeGetDynamicSize()};
  LaminaType tensor = laminaRankedTensorTypeGet(2, shape, f32, laminaAttributeGetNull());
  laminaTypePrint(tensor, printToStdout, NULL);
  printf(" rank %d static %d dim0 %d dynamic1 %d\n", (int)laminaShapedTypeGetRank(tensor),
         laminaShapedTypeHasStaticShape(tensor), (int)laminaShapedTypeGetDimSize(tensor, 0),
         laminaShapedTypeIsDynamicDim(tensor, 1));
  LaminaType parsed = laminaTypeParseGet(ctx, laminaStringRefCreateFromCString("tensor<4x?xf32>"));
  printf("parsed equal %d\n", laminaTypeEqual(parsed, tensor));
  LaminaType memref = laminaMemRefTypeGet(f32, 2, shape, laminaAttributeGetNull(), laminaAttributeGetNull());
  laminaTypePrint(memref, printToStdout, NULL);
  printf("\n");
  LaminaType ui8 = laminaIntegerTypeUnsignedGet(ctx, 8);
  printf("ui8 width %u unsigned %d float %d\n", laminaIntegerTypeGetWidth(ui8), laminaIntegerTypeIsUnsigned(ui8),
         laminaTypeIsAFloat(ui8));
  LaminaType elements[2] = {ui8, laminaIndexTypeGet(ctx)};
  LaminaType tuple = laminaTupleTypeGet(ctx, 2, elements);
  laminaTypePrint(tuple, printToStdout, NULL);
  printf("\n");
  LaminaType vector = laminaVectorTypeGet(2, shape, f32);
  printf("vector with a dynamic size is null %d\n", laminaTypeIsNull(vector));
  // CHECK-LABEL: @types
  // CHECK-NEXT: tensor<4x?xf32> rank 2 static 0 dim0 4 dynamic1 1
  // CHECK-NEXT: parsed equal 1
  // CHECK-NEXT: memref<4x?xf32>
  // CHECK-NEXT: ui8 width 8 unsigned 1 float 0
  // CHECK-NEXT: tuple<ui8, index>
  // CHECK: error: vector types must have positive constant sizes but got 4, -9223372036854775808
  // CHECK-NEXT: vector with a dynamic size is null 1

  printf("@attributes\n");
  LaminaAttribute attrs[3] = {laminaIntegerAttrGet(laminaIntegerTypeGet(ctx, 32), -7),
                              laminaFloatAttrDoubleGet(ctx, f32, 0.5),
                              laminaStringAttrGet(ctx, laminaStringRefCreateFromCString("s"))};
  LaminaAttribute array = laminaArrayAttrGet(ctx, 3, attrs);
  laminaAttributePrint(array, printToStdout, NULL);
  printf(" size %d int %d float %g\n", (int)laminaArrayAttrGetNumElements(array),
         (int)laminaIntegerAttrGetValueInt(laminaArrayAttrGetElement(array, 0)),
         laminaFloatAttrGetValueDouble(laminaArrayAttrGetElement(array, 1)));
  LaminaNamedAttribute entries[2] = {
      laminaNamedAttributeGet(laminaIdentifierGet(ctx, laminaStringRefCreateFromCString("b")), attrs[0]),
      laminaNamedAttributeGet(laminaIdentifierGet(ctx, laminaStringRefCreateFromCString("a")),
                              laminaBoolAttrGet(ctx, 1))};
  LaminaAttribute dict = laminaDictionaryAttrGet(ctx, 2, entries);
  laminaAttributePrint(dict, printToStdout, NULL);
  printf(" b is %d\n", (int)laminaIntegerAttrGetValueInt(
                           laminaDictionaryAttrGetElementByName(dict, laminaStringRefCreateFromCString("b"))));
  LaminaAttribute parsed2 = laminaAttributeParseGet(ctx, laminaStringRefCreateFromCString("dense<[1, 2]> : vector<2xi8>"));
  printf("dense %d elements %d second ", laminaAttributeIsADenseElements(parsed2),
         (int)laminaElementsAttrGetNumElements(parsed2));
  laminaAttributePrint(laminaDenseElementsAttrGetElement(parsed2, 1), printToStdout, NULL);
  printf("\n");
  LaminaAttribute one = laminaFloatAttrDoubleGet(ctx, f32, 1.0);
  int64_t two[1] = {2};
  LaminaAttribute splat = laminaDenseElementsAttrGet(laminaVectorTypeGet(1, two, f32), 1, &one);
  laminaAttributePrint(splat, printToStdout, NULL);
  printf("\n");
  LaminaLocation loc = laminaLocationFileLineColGet(ctx, laminaStringRefCreateFromCString("a.mlir"), 3, 4);
  laminaLocationPrint(laminaLocationNameGet(ctx, laminaStringRefCreateFromCString("x"), loc), printToStdout, NULL);
  printf("\n");
  // CHECK-LABEL: @attributes
  // CHECK-NEXT: [-7 : i32, 5.000000e-01 : f32, "s"] size 3 int -7 float 0.5
  // CHECK-NEXT: {a = true, b = -7 : i32} b is -7
  // CHECK-NEXT: dense 1 elements 2 second 2 : i8
  // CHECK-NEXT: dense<1.000000e+00> : vector<2xf32>
  // CHECK-NEXT: loc("x"("a.mlir":3:4))
}

/*===----------------------------------------------------------------------===*
 * Diagnostics
 *===----------------------------------------------------------------------===*/

static LaminaLogicalResult recordDiagnostic(LaminaDiagnostic diagnostic, void *userData) {
  int *seen = (int *)userData;
  ++*seen;
  printf("diagnostic (severity %d): ", (int)laminaDiagnosticGetSeverity(diagnostic));
  laminaDiagnosticPrint(diagnostic, printToStdout, NULL);
  printf(" at ");
  laminaLocationPrint(laminaDiagnosticGetLocation(diagnostic), printToStdout, NULL);
  printf("\n");
  return laminaLogicalResultSuccess();
}

static int deleted = 0;
static void deleteUserData(void *userData) {
  (void)userData;
  ++deleted;
}

static void testDiagnostics(LaminaContext ctx) {
  printf("@diagnostics\n");
  int seen = 0;
  LaminaDiagnosticHandlerID id = laminaContextAttachDiagnosticHandler(ctx, recordDiagnostic, &seen, deleteUserData);
  LaminaModule bad = laminaModuleCreateParse(ctx, laminaStringRefCreateFromCString("func.func @f() {\n  %0 = \n}\n"));
  printf("null module %d, seen %d\n", laminaModuleIsNull(bad), seen);
  LaminaModule invalid = laminaModuleCreateParse(
      ctx, laminaStringRefCreateFromCString("func.func @f() -> i32 {\n  return\n}\n"));
  printf("null module %d, seen %d\n", laminaModuleIsNull(invalid), seen);
  laminaEmitError(laminaLocationUnknownGet(ctx), "custom");
  laminaContextDetachDiagnosticHandler(ctx, id);
  printf("seen %d deleted %d\n", seen, deleted);
  // CHECK-LABEL: @diagnostics
  // CHECK-NEXT: diagnostic (severity 0): expected operation name in quotes at loc("-":2:7)
  // CHECK-NEXT: null module 1, seen 1
  // CHECK-NEXT: diagnostic (severity 0): 'func.return' op has 0 operands, but enclosing function (@f) returns 1 at loc("-":2:3)
  // CHECK-NEXT: null module 1, seen 2
  // CHECK-NEXT: diagnostic (severity 0): custom at loc(unknown)
  // CHECK-NEXT: seen 3 deleted 1
}

/*===----------------------------------------------------------------------===*
 * Pass pipelines
 *===----------------------------------------------------------------------===*/

static void testPasses(LaminaContext ctx) {
  printf("@passes\n");
  laminaRegisterAllPasses();
  LaminaModule module = laminaModuleCreateParse(ctx, laminaStringRefCreateFromCString(kModule));
  LaminaPassManager pm = laminaPassManagerCreateOnOperation(ctx, laminaStringRefCreateFromCString("builtin.module"));
  LaminaOpPassManager opm = laminaPassManagerGetAsOpPassManager(pm);
  LaminaLogicalResult parsed = laminaParsePassPipeline(
      opm, laminaStringRefCreateFromCString("builtin.module(func.func(canonicalize))"), printToStdout, NULL);
  printf("parsed %d: ", laminaLogicalResultIsSuccess(parsed));
  laminaPrintPassPipeline(opm, printToStdout, NULL);
  printf("\n");
  printf("run %d\n", laminaLogicalResultIsSuccess(laminaPassManagerRunOnOp(pm, laminaModuleGetOperation(module))));
  laminaOperationPrint(laminaModuleGetOperation(module), printToStdout, NULL);
  // CHECK-LABEL: @passes
  // CHECK-NEXT: parsed 1: builtin.module(func.func(canonicalize{  max-iterations=10 max-num-rewrites=-1 region-simplify=normal test-convergence=false top-down=true}))
  // CHECK-NEXT: run 1
  // CHECK-NEXT: module {
  // CHECK-NEXT:   func.func @add(%arg0: i32, %arg1: i32) -> i32 {
  // CHECK-NEXT:     %0 = arith.addi %arg0, %arg1 : i32
  // CHECK-NEXT:     return %0 : i32
  // CHECK-NEXT:   }
  // CHECK-NEXT: }

  LaminaLogicalResult bad = laminaOpPassManagerAddPipeline(opm, laminaStringRefCreateFromCString("no-such-pass"),
                                                           printToStdout, NULL);
  printf("bad pipeline fails %d\n", laminaLogicalResultIsFailure(bad));
  LaminaLogicalResult wrongAnchor = laminaParsePassPipeline(
      opm, laminaStringRefCreateFromCString("func.func(canonicalize)"), printToStdout, NULL);
  printf("wrong anchor fails %d\n", laminaLogicalResultIsFailure(wrongAnchor));
  // CHECK: 'no-such-pass' does not refer to a registered pass or pass pipeline
  // CHECK: bad pipeline fails 1
  // CHECK-NEXT: Can't add pipeline that runs on 'func.func' to a pass manager that runs on 'builtin.module'
  // CHECK-NEXT: wrong anchor fails 1
  laminaPassManagerDestroy(pm);
  laminaModuleDestroy(module);
}

int main(void) {
  setvbuf(stdout, NULL, _IONBF, 0); /* interleave with diagnostics on stderr */
  LaminaContext ctx = createContext();
  testParsePrintWalk(ctx);
  testBytecode(ctx);
  testBuild(ctx);
  testTypesAndAttributes(ctx);
  testDiagnostics(ctx);
  testPasses(ctx);
  laminaContextDestroy(ctx);
  printf("version %s\n", laminaGetVersionString());
  // CHECK: version {{[0-9]+\.[0-9]+\.[0-9]+}}
  return 0;
}
