"""Reading one section of an ELF64 little-endian file (objects compiled by rmarace-cc carry the
whole-program bitcode in a section)."""

import struct

_HEADER = struct.Struct("<16sHHIQQQIHHHHHH")
_SECTION_HEADER = struct.Struct("<IIQQQQIIQQ")


def _read(file, offset, size):
    file.seek(offset)
    data = file.read(size)
    if len(data) != size:
        raise ValueError("truncated ELF file")
    return data


def _find_section(file, name):
    header = _HEADER.unpack(_read(file, 0, _HEADER.size))
    if header[0][:6] != b"\x7fELF\x02\x01":
        return None
    table, entry_size, count, names_index = header[6], header[11], header[12], header[13]
    if table == 0 or entry_size != _SECTION_HEADER.size:
        return None

    def section(index):
        return _SECTION_HEADER.unpack(_read(file, table + index * entry_size, entry_size))

    # Extended numbering: the real count and name table index are in section 0.
    if count == 0:
        count = section(0)[5]
    if names_index == 0xFFFF:
        names_index = section(0)[6]
    names = section(names_index)
    name_table = _read(file, names[4], names[5])
    wanted = name.encode() + b"\0"
    for index in range(count):
        name_offset, _, _, _, offset, size = section(index)[:6]
        if name_table[name_offset:name_offset + len(wanted)] == wanted:
            return _read(file, offset, size)
    return None


def read_section(path, name):
    """The contents of section `name`, or None when the file is no ELF64 LE file or has none."""
    try:
        with open(path, "rb") as file:
            return _find_section(file, name)
    except (OSError, ValueError, struct.error):
        return None
