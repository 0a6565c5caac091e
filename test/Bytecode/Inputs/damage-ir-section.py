#!/usr/bin/env python3
"""Writes a copy of a bytecode file with one byte of its IR section replaced.

usage: damage-ir-section.py IN OUT FRACTION VALUE

The byte at FRACTION (0..1) of the IR section's data becomes VALUE (0..255),
so that a reader fails in the middle of the operations, not in a header.
"""
import sys

def varint(data, pos):
    first = data[pos]
    if first == 0:
        return int.from_bytes(data[pos + 1:pos + 9], "little"), pos + 9
    extra = (first & -first).bit_length() - 1
    value = int.from_bytes(data[pos:pos + extra + 1], "little") >> (extra + 1)
    return value, pos + extra + 1

def main():
    src, dst, fraction, value = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
    data = bytearray(open(src, "rb").read())
    pos = 4
    _, pos = varint(data, pos)  # version
    pos = data.index(0, pos) + 1  # producer
    while pos < len(data):
        section, pos = data[pos], pos + 1
        length, pos = varint(data, pos)
        if section & 0x80:
            alignment, pos = varint(data, pos)
            while pos % alignment:
                pos += 1
        if section & 0x7F == 4:
            data[pos + int(length * fraction)] = value
            break
        pos += length
    open(dst, "wb").write(data)

if __name__ == "__main__":
    main()
