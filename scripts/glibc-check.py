#!/usr/bin/env python3
"""Checks that a Linux build of toolcheck runs on old systems.

    glibc-check.py [--max 2.17] FILE...

Each FILE is a wheel or an ELF binary. For a wheel, the binary it carries
(`*.data/scripts/toolcheck`) is read, and the wheel's tags (its WHEEL file)
must be one platform: `manylinux_X_Y_ARCH` (the binary may need no glibc
symbol newer than X.Y, nor than --max) or `musllinux_X_Y_ARCH` (the binary
may need no glibc at all). For a binary, no glibc symbol newer than --max.

The glibc versions come from the ELF's version needs (`.gnu.version_r`, what
`objdump -T` shows), read with pyelftools, so a binary of any architecture
can be checked on any machine. Prints one line per file; exits with 1 when
one fails.
"""

import argparse
import io
import re
import sys
import zipfile

from elftools.elf.elffile import ELFFile
from elftools.elf.gnuversions import GNUVerNeedSection


def glibc_needs(elf_bytes):
    """The glibc versions the ELF needs, as (major, minor) tuples, and its
    machine."""
    elf = ELFFile(io.BytesIO(elf_bytes))
    needs = set()
    for section in elf.iter_sections():
        if not isinstance(section, GNUVerNeedSection):
            continue
        for _, auxiliaries in section.iter_versions():
            for aux in auxiliaries:
                m = re.fullmatch(r"GLIBC_(\d+)\.(\d+)(?:\.\d+)?", aux.name)
                if m:
                    needs.add((int(m.group(1)), int(m.group(2))))
    return needs, elf["e_machine"]


def version(v):
    return "%d.%d" % v


def check_binary(label, elf_bytes, limit, musl=False):
    needs, machine = glibc_needs(elf_bytes)
    newest = max(needs) if needs else None
    if musl:
        if needs:
            return False, "%s: a musllinux binary that needs glibc %s" % (label, version(newest))
        return True, "%s: %s, needs no glibc" % (label, machine)
    if newest is None:
        return False, "%s: %s, needs no glibc symbol at all (not a glibc build?)" % (label, machine)
    ok = newest <= limit
    verdict = "ok" if ok else "newer than %s" % version(limit)
    return ok, "%s: %s, needs glibc %s (%s)" % (label, machine, version(newest), verdict)


def check_wheel(path, limit):
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        binaries = [n for n in names if re.search(r"\.data/scripts/toolcheck$", n)]
        wheel_meta = [n for n in names if n.endswith(".dist-info/WHEEL")]
        if len(binaries) != 1 or len(wheel_meta) != 1:
            return False, "%s: no single toolcheck binary and WHEEL file in %s" % (path, names)
        tags = [line.split(":", 1)[1].strip() for line in z.read(wheel_meta[0]).decode().splitlines()
                if line.startswith("Tag:")]
        binary = z.read(binaries[0])
    platforms = {t.split("-")[-1] for t in tags}
    tagged = []
    for p in platforms:
        m = re.fullmatch(r"(manylinux|musllinux)_(\d+)_(\d+)_(\w+)", p)
        if m:
            tagged.append((m.group(1), (int(m.group(2)), int(m.group(3))), m.group(4)))
        elif not re.fullmatch(r"manylinux\d+_\w+", p):  # the legacy alias (manylinux2014_x86_64)
            return False, "%s: tag %s is not a manylinux or musllinux platform" % (path, p)
    if len(tagged) != 1:
        return False, "%s: tags %s name no single manylinux_X_Y or musllinux_X_Y platform" % (path, tags)
    kind, tag_version, arch = tagged[0]
    label = "%s (%s_%s_%s)" % (path.rsplit("/", 1)[-1], kind, version(tag_version).replace(".", "_"), arch)
    if kind == "musllinux":
        return check_binary(label, binary, limit, musl=True)
    return check_binary(label, binary, min(limit, tag_version))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--max", default="2.17", help="the newest glibc allowed (default 2.17)")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    limit = tuple(int(x) for x in args.max.split("."))
    failed = False
    for path in args.files:
        if path.endswith(".whl"):
            ok, line = check_wheel(path, limit)
        else:
            with open(path, "rb") as f:
                ok, line = check_binary(path, f.read(), limit)
        print(("" if ok else "glibc-check: ") + line, file=sys.stdout if ok else sys.stderr)
        failed |= not ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
