#!/usr/bin/env python3
"""Runs a command with a cap on its memory, so that a test of hostile input
fails instead of swapping when a limit regresses.

usage: run-limited.py MEGABYTES COMMAND [ARGS...]

In an ordinary build the cap is the address space (ulimit -v). Sanitizer
builds reserve terabytes of address space for their shadow memory, so there
(LAMINA_SANITIZER set, as lit does for them) the cap is the sanitizer's own
hard_rss_limit_mb and max_allocation_size_mb, scaled for its overhead.
A command that exceeds the cap dies with an allocation failure or a
sanitizer report, which the test sees as a crash.
"""
import os, resource, sys

def main():
    megabytes, command = int(sys.argv[1]), sys.argv[2:]
    sanitizer = os.environ.get("LAMINA_SANITIZER", "")
    if sanitizer:
        scaled = megabytes * 3
        var = "TSAN_OPTIONS" if sanitizer == "thread" else "ASAN_OPTIONS"
        extra = f"hard_rss_limit_mb={scaled}:max_allocation_size_mb={scaled}:allocator_may_return_null=0"
        os.environ[var] = (os.environ[var] + ":" if os.environ.get(var) else "") + extra
    else:
        limit = megabytes << 20
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    os.execvp(command[0], command)

if __name__ == "__main__":
    main()
