#!/usr/bin/env python3
"""Writes a copy of a bytecode file whose section claims a huge count.

usage: lying-count.py IN OUT SECTION [VALUE]

The first varint of section SECTION (0 strings, 1 dialects, 2 attribute/type
data, 3 attribute/type offsets, 4 IR, 5 resources, 6 resource offsets,
8 properties) is replaced by VALUE (default 2^40), and the section length
is re-encoded: a reader must report the lie, not allocate for it.
"""
import sys

def read_varint(data, pos):
    first = data[pos]
    if first == 0:
        return int.from_bytes(data[pos + 1:pos + 9], "little"), pos + 9
    extra = (first & -first).bit_length() - 1
    value = int.from_bytes(data[pos:pos + extra + 1], "little") >> (extra + 1)
    return value, pos + extra + 1

def write_varint(value):
    for extra in range(8):
        if value < 1 << (7 * (extra + 1)):
            encoded = (value << (extra + 1)) | (1 << extra)
            return encoded.to_bytes(extra + 1, "little")
    return b"\0" + value.to_bytes(8, "little")

def main():
    src, dst, wanted = sys.argv[1], sys.argv[2], int(sys.argv[3])
    value = int(sys.argv[4]) if len(sys.argv) > 4 else 1 << 40
    data = bytes(open(src, "rb").read())
    pos = 4
    _, pos = read_varint(data, pos)  # version
    pos = data.index(0, pos) + 1  # producer
    out = bytearray(data[:pos])
    while pos < len(data):
        header = data[pos]
        length, body = read_varint(data, pos + 1)
        if header & 0x80:
            alignment, body = read_varint(data, body)
            while body % alignment:
                body += 1
        section = data[body:body + length]
        if header & 0x7F == wanted:
            _, first_end = read_varint(section, 0)
            section = write_varint(value) + section[first_end:]
            out += bytes([header & 0x7F]) + write_varint(len(section)) + section
        elif header & 0x80:
            # Aligned sections are re-padded for their new position.
            out += bytes([header]) + write_varint(length) + write_varint(alignment)
            while len(out) % alignment:
                out.append(0xCB)
            out += section
        else:
            out += data[pos:body + length]
        pos = body + length
    open(dst, "wb").write(out)

if __name__ == "__main__":
    main()
