#!/usr/bin/env python3
"""Where the size of a Swift executable goes, by module and by kind.

    python3 Benchmarks/cost_breakdown.py BINARY LINK_MAP [SOURCES]

BINARY is an unstripped ELF executable and LINK_MAP the map its link wrote (`-Xlinker -Map=FILE`,
GNU gold's or lld's format). The map says which object file each input section came from, so
each byte is charged to the module that emitted it (the `X.build` folder of the object; the
Swift runtime's and C start-up objects as "runtime"), including generic code that module
specialised for another's types. Sections the linker makes itself (relocations, the dynamic
symbol table, unwind tables) are listed apart. Then, from `nm` and `swift demangle`, what kind
of symbol the code and data of each module is, and the generic functions specialised most. With SOURCES (a module's source folder, Sources/Courier), that module's bytes
by the folder each source file is in: what each feature costs. Prints Markdown.
"""

import bisect
import glob
import os
import collections
import re
import subprocess
import sys

# Sections an app ships (in the stripped file; zero-filled `.bss` takes no room there), grouped.
REFLECTION = {
    "swift5_fieldmd", "swift5_reflstr", "swift5_typeref", "swift5_capture", "swift5_assocty",
    "swift5_builtin", "swift5_mpenum",
}


def section_group(name):
    if name.startswith(".text"):
        return "code"
    if name in REFLECTION:
        return "reflection"
    if name.startswith("swift5_") or name.startswith(".swift"):
        return "metadata records"
    if name.startswith((".rodata", ".data.rel.ro", ".data", ".tdata")):
        return "data"
    return None


def module_of(path):
    """The module and source file an object file was compiled from."""
    match = re.search(r"/([^/]+)\.build/(.+?)(\.swift|\.c|\.cc|\.cpp|\.S)?\.o$", path)
    if match:  # C targets keep their objects in subfolders: CNIOBoringSSL.build/crypto/…/x.c.o
        return match.group(1), match.group(2)
    return "runtime", path.rsplit("/", 1)[-1]


def parse_map(path):
    """Input sections as (address, size, output section, module, file); output sections' sizes."""
    inputs = []
    outputs = {}
    in_memory_map = False
    current = None
    pending = None
    number = r"0x[0-9a-fA-F]+"
    with open(path, errors="replace") as lines:
        for line in lines:
            line = line.rstrip("\n")
            if not in_memory_map:
                in_memory_map = line.startswith("Memory map")
                continue
            if not line.strip():
                continue
            fields = line.split()
            if not line.startswith(" "):  # an output section: `.text 0xADDR 0xSIZE` or its name alone
                current = fields[0]
                if len(fields) >= 3 and re.fullmatch(number, fields[2]):
                    outputs[current] = int(fields[2], 16)
                    pending = None
                else:
                    pending = ("output", current)
                continue
            if pending and pending[0] == "output" and len(fields) >= 2 and re.fullmatch(number, fields[1]):
                outputs[current] = int(fields[1], 16)
                pending = None
                continue
            if line.startswith("  ") and pending and pending[0] == "input":
                fields = [pending[1]] + fields
                pending = None
            elif line.startswith(" ") and not line.startswith("  ") and not line.startswith(" **"):
                if len(fields) == 1:
                    pending = ("input", fields[0])
                    continue
            else:
                continue
            if len(fields) >= 4 and re.fullmatch(number, fields[1]) and re.fullmatch(number, fields[2]):
                size = int(fields[2], 16)
                if size:
                    inputs.append((int(fields[1], 16), size, current, *module_of(fields[3])))
    return inputs, outputs


def kind_of(text):
    """The kind of a symbol, from its full demangling."""
    if "resume partial function" in text:
        return "async continuations (split functions)"
    if "generic specialization <" in text:
        return "generic specialisations"
    if any(marker in text for marker in (
        "type metadata", "nominal type descriptor", "metadata pattern", "value witness",
        "protocol witness table", "protocol conformance descriptor", "method descriptor",
        "field offset", "reflection metadata", "associated type", "lazy cache", "metaclass",
        "class metadata", "protocol descriptor", "property descriptor", "module descriptor",
        "extension descriptor", "anonymous descriptor", "associated conformance",
        "base conformance", "dispatch thunk", "vtable", "opaque type descriptor",
        "flattened", "metadata instantiation cache", "generic protocol witness table",
    )):
        return "type metadata, witness tables, descriptors"
    if text.startswith("protocol witness for"):
        return "protocol witness thunks"
    if "async function pointer" in text:
        return "async function pointers"
    if text.startswith("outlined ") or "value witness" in text or text.startswith("__swift_"):
        return "outlined copies and destroys"
    if "closure #" in text or "implicit closure" in text:
        return "closures"
    if "partial apply" in text or "reabstraction thunk" in text or "thunk for" in text:
        return "thunks"
    return "functions and other"


def specialised_function(demangled):
    """`generic specialization <A, B> of Foo.bar(x:) -> ()` as `Foo.bar(x:)`."""
    text = re.sub(r"^(generic specialization <.*?> of |specialized )", "", demangled)
    text = re.sub(r" -> .*$", "", text)
    return re.sub(r"<.*>", "<…>", text)[:110]


def mib(size):
    return f"{size / 1048576:.2f} MiB" if size >= 104858 else f"{size / 1024:.0f} KiB"


def packages_of(binary):
    """Each dependency module's package, from the checkouts beside the build (`Sources/<module>`)."""
    parts = binary.split("/.build/")
    packages = {}
    if len(parts) > 1:
        for sources in glob.glob(parts[0] + "/.build/checkouts/*/Sources/*"):
            pieces = sources.split("/")
            packages.setdefault(pieces[-1], pieces[-3])
    return packages


def main(binary, map_path, sources=None):
    inputs, outputs = parse_map(map_path)
    # Only what the app ships: debug sections start at 0 and would shadow the others' addresses.
    inputs = sorted(entry for entry in inputs if section_group(entry[2]))
    starts = [entry[0] for entry in inputs]

    by_module = collections.defaultdict(collections.Counter)
    by_file = collections.defaultdict(collections.Counter)
    for _, size, output, module, source in inputs:
        by_module[module][section_group(output)] += size
        by_file[module][source] += size
    linker_made = {
        name: size for name, size in outputs.items()
        if size and not section_group(name) and not name.startswith((".debug", ".comment", ".note.gnu.gold", ".bss", ".tbss",
                                                                       ".symtab", ".strtab", ".shstrtab"))
    }

    groups = ["code", "data", "metadata records", "reflection"]
    total = sum(sum(counts.values()) for counts in by_module.values())
    print("By module (the object files' sections, as the link map charges them):")
    print()
    print("| module | total | " + " | ".join(groups) + " |")
    print("|---|---:|" + "---:|" * len(groups))
    for module, counts in sorted(by_module.items(), key=lambda item: -sum(item[1].values())):
        print(f"| {module} | {mib(sum(counts.values()))} | " + " | ".join(mib(counts[g]) for g in groups) + " |")
    print(f"| **all modules** | **{mib(total)}** | "
          + " | ".join(mib(sum(c[g] for c in by_module.values())) for g in groups) + " |")
    print()
    packages = packages_of(binary)
    by_package = collections.Counter()
    modules = collections.defaultdict(list)
    for module, counts in by_module.items():
        package = packages.get(module, module)
        by_package[package] += sum(counts.values())
        modules[package].append(module)
    if len(by_package) < len(by_module):
        print("By package: " + ", ".join(
            f"{package} {mib(size)}" + (f" ({len(modules[package])} modules)" if len(modules[package]) > 1 else "")
            for package, size in by_package.most_common()) + ".")
        print()
    print("Made by the linker, for all modules together: "
          + ", ".join(f"`{name}` {mib(size)}" for name, size in sorted(linker_made.items(), key=lambda i: -i[1])
                      if size >= 1024) + ".")
    print()

    reflection = collections.Counter()
    for _, size, output, _, _ in inputs:
        if output in REFLECTION:
            reflection[output] += size
    print("Reflection metadata (what `-disable-reflection-metadata` would drop): "
          + ", ".join(f"`{name}` {mib(size)}" for name, size in reflection.most_common()) + ".")
    print()

    # What the executable takes from shared libraries (Foundation on Linux is one; on Apple
    # platforms it is the system's): not in the file, but each import costs a dynamic symbol.
    needed = re.findall(r"\(NEEDED\)\s+Shared library: \[(.+?)\]", subprocess.run(
        ["readelf", "-d", binary], capture_output=True, text=True, check=True).stdout)
    undefined = [line.split()[-1] for line in subprocess.run(
        ["nm", "-D", "--undefined-only", binary], capture_output=True, text=True, check=True).stdout.splitlines()]
    imported = collections.Counter()
    for name, text in zip(undefined, subprocess.run(
            ["swift", "demangle"], input="\n".join(undefined), capture_output=True, text=True,
            check=True).stdout.splitlines()):
        module = re.search(r"\b([A-Z_][A-Za-z0-9_]*)\.", text) if name.startswith("$s") else None
        imported[module.group(1) if module else "C"] += 1
    print("Shared libraries it loads: " + ", ".join(f"`{lib}`" for lib in needed) + ".")
    print()
    print("Symbols it imports from them, by module: "
          + ", ".join(f"{module} {count}" for module, count in imported.most_common(8)) + ".")
    print()

    # Kinds, from the symbol table: each symbol is charged to the module whose section holds it.
    symbols = subprocess.run(["nm", "-S", "--defined-only", binary], capture_output=True, text=True,
                             check=True).stdout.splitlines()
    parsed = []
    for line in symbols:
        fields = line.split()
        if len(fields) == 4:
            parsed.append((int(fields[0], 16), int(fields[1], 16), fields[3]))
    # Symbols overlap (aliases at one address, full metadata around the metadata it contains):
    # each byte is charged once, to the last symbol starting at or before it.
    parsed.sort(key=lambda entry: (entry[0], -entry[1]))
    parsed = [entry for index, entry in enumerate(parsed) if index == 0 or parsed[index - 1][0] != entry[0]]
    parsed = [(address, min(size, parsed[index + 1][0] - address) if index + 1 < len(parsed) else size, name)
              for index, (address, size, name) in enumerate(parsed)]
    names = "\n".join(name for _, _, name in parsed)
    full = subprocess.run(["swift", "demangle"], input=names, capture_output=True, text=True,
                          check=True).stdout.splitlines()
    simplified = subprocess.run(["swift", "demangle", "--simplified"], input=names, capture_output=True,
                                text=True, check=True).stdout.splitlines()
    kinds = collections.defaultdict(collections.Counter)
    families = collections.defaultdict(collections.Counter)
    counts = collections.defaultdict(collections.Counter)
    largest = collections.defaultdict(list)
    for (address, size, _), long, text in zip(parsed, full, simplified):
        index = bisect.bisect_right(starts, address) - 1
        if index < 0:
            continue
        start, section_size, _, module, _ = inputs[index]
        if address >= start + section_size:
            continue
        kind = kind_of(long)
        kinds[module][kind] += size
        if kind == "generic specialisations":
            family = specialised_function(text)
            families[module][family] += size
            counts[module][family] += 1
        largest[module].append((size, text[:120]))

    kind_names = sorted({k for c in kinds.values() for k in c}, key=lambda k: -sum(c[k] for c in kinds.values()))
    shown = [m for m, _ in sorted(by_module.items(), key=lambda item: -sum(item[1].values()))][:8]
    print("By kind of symbol (sized symbols, each byte once; a little less than the totals above):")
    print()
    print("| kind | " + " | ".join(shown) + " |")
    print("|---|" + "---:|" * len(shown))
    for kind in kind_names:
        print(f"| {kind} | " + " | ".join(mib(kinds[m][kind]) for m in shown) + " |")
    print()
    for module in shown[:3]:
        if not families[module]:
            continue
        print(f"Generic code {module} specialised most (bytes, copies):")
        print()
        for family, size in families[module].most_common(8):
            print(f"- {mib(size)} in {counts[module][family]}: `{family}`")
        print()
    if sources:
        module = os.path.basename(os.path.normpath(sources))
        folders = {}
        for path in glob.glob(os.path.join(sources, "**", "*.swift"), recursive=True):
            folder = os.path.relpath(os.path.dirname(path), sources)
            folders[os.path.basename(path)[: -len(".swift")]] = "(top)" if folder == "." else folder
        by_folder = collections.Counter()
        files = collections.Counter()
        for source, size in by_file[module].items():
            by_folder[folders.get(source, "(other)")] += size
            files[folders.get(source, "(other)")] += 1
        print(f"{module} by source folder (sections of the folder's objects; linker-made sections apart):")
        print()
        print("| folder | files | size |")
        print("|---|---:|---:|")
        for folder, size in by_folder.most_common():
            print(f"| {folder} | {files[folder]} | {mib(size)} |")
        print()
    for module in shown[:1]:
        print(f"Largest source files of {module} (code and data their objects bring):")
        print()
        for source, size in by_file[module].most_common(25):
            print(f"- {mib(size)}: {source}")
        print()
    for module in shown[:2]:
        print(f"Largest symbols of {module}:")
        print()
        for size, text in sorted(largest[module], reverse=True)[:10]:
            print(f"- {mib(size)}: `{text}`")
        print()


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    main(*sys.argv[1:])
