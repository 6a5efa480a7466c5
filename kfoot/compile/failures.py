"""Variants that do not compile, in an AOT build: naming them from nvcc's log (each source line
of a shard holds one variant, and template errors name the instantiation) at the user's own
header line, and isolating them (a failing shard is compiled again one variant per translation
unit, since nvcc may stop at a unit's first error), so every failing variant is named and, with
--keep-going, the library holds every variant that compiles."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import KfootError
from .ninja_file import ShardPaths
from .sources import Shard


class BuildError(KfootError):
    """Some variants failed to compile; `failures` lists them with the compiler's first error."""

    def __init__(self, message: str, failures: list["VariantFailure"]):
        self.failures = failures
        super().__init__(message)


@dataclass(frozen=True)
class VariantFailure:
    template_id: str
    family: str
    shard: str
    error: str  # the compiler's first error line for this variant
    log: Path
    # Where the user's own header instantiated it ("FILE:LINE", FILE the real path once
    # with_real_paths has run): the innermost instantiation context in a family header's folder,
    # else in any folder kfoot linked; "" when nvcc's log names none.
    location: str = ""


def split_failed_shard(shard: Shard) -> list[Shard]:
    """A failing shard as one translation unit per variant: nvcc may stop at the first error of
    a unit, so only alone does each variant say whether it compiles (one round, in parallel)."""
    return [Shard(name=f"{shard.name}_k{k}", variants=[variant]) for k, variant in enumerate(shard.variants)]


def resume_splits(build_dir: Path, shards: list[Shard], shard_flags: dict[str, list[str]]):
    """The shards as this folder's last build left them: a shard it split (its pieces' sources
    in `build_dir`, its own gone) starts split again, so the pieces that compiled stay up to date
    and only what changed compiles; a fresh folder packs them anew. -> (shards, their flags)."""
    resumed: list[Shard] = []
    flags: dict[str, list[str]] = {}
    for shard in shards:
        split = (len(shard.variants) > 1 and not (build_dir / ShardPaths.of(shard).source).exists()
                 and any((build_dir / ShardPaths.of(piece).source).exists() for piece in split_failed_shard(shard)))
        for piece in split_failed_shard(shard) if split else [shard]:
            resumed.append(piece)
            flags[piece.name] = shard_flags.get(shard.name, [])
    return resumed, flags


def isolate_failures(shards: list[Shard], shard_flags: dict[str, list[str]], failures: list[VariantFailure]):
    """-> (the next round's shards and their flags, the failures now proven: alone in a shard)."""
    by_shard: dict[str, list[VariantFailure]] = {}
    for failure in failures:
        by_shard.setdefault(failure.shard, []).append(failure)
    next_shards: list[Shard] = []
    next_flags: dict[str, list[str]] = {}
    proven: list[VariantFailure] = []
    for shard in shards:
        blamed_here = by_shard.get(shard.name)
        if not blamed_here:
            pieces = [shard]
        elif len(shard.variants) == 1:
            proven.append(blamed_here[0])
            continue
        else:
            pieces = split_failed_shard(shard)
        for piece in pieces:
            next_shards.append(piece)
            next_flags[piece.name] = shard_flags.get(shard.name, [])
    return next_shards, next_flags, proven


def with_real_paths(failure: VariantFailure, links: list[Path], folders: list[Path]) -> VariantFailure:
    """The error as the user knows the header: its own folder, not kfoot's build/inc link
    (named from build/ on the command line, from build/src/ in a generated #include)."""
    def real(text: str) -> str:
        for link, folder in zip(links, folders):
            text = text.replace(f"src/../{link.as_posix()}/", f"{folder}/")
            text = text.replace(f"../{link.as_posix()}/", f"{folder}/")
            text = text.replace(f"{link.as_posix()}/", f"{folder}/")
        return text

    return dataclasses.replace(failure, error=real(failure.error), location=real(failure.location))


def _links_in(links: list[Path]) -> str:
    return "|".join(re.escape(link.as_posix()) for link in links) or r"(?!)"


# nvcc's locations: `FILE(LINE): error ...` on an error line, `at line LINE of FILE` in the
# instantiation context below it (innermost first).
_ERROR_AT = re.compile(r"^(\S+?)\((\d+)\): ")
_CONTEXT_AT = re.compile(r"at line (\d+) of (\S+)")


ERROR_LINE = re.compile(r"(\berror\b|\bfatal\b)", re.IGNORECASE)


_INSTANTIATION = re.compile(r'instantiation of "[^"]*?\[with (.+?)\]"')


# How nvcc may print a type kfoot (or the spec) spells otherwise, to one form per type: nvcc's
# front end prints bool as __nv_bool, and integers with or without `int` and fixed-width names.
_SPELLINGS = {"signed char": "int8_t", "unsigned char": "uint8_t", "int": "int32_t", "long": "int64_t",
              "long int": "int64_t", "short": "int16_t", "short int": "int16_t", "unsigned short": "uint16_t",
              "unsigned short int": "uint16_t", "unsigned int": "uint32_t", "unsigned": "uint32_t",
              "unsigned long": "uint64_t", "unsigned long int": "uint64_t", "__nv_bool": "bool",
              "long long": "int64_t", "long long int": "int64_t", "unsigned long long": "uint64_t",
              "unsigned long long int": "uint64_t"}


# libcu++'s versioned inline namespace (cuda::std::__4::complex<float>), absent from spec spellings.
_INLINE_NAMESPACE = re.compile(r"::__\d+::")


def _split_top_level(text: str) -> list[str]:
    parts, depth, current = [], 0, []
    for ch in text:
        if ch in "<([":
            depth += 1
        elif ch in ">)]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    if current:
        parts.append("".join(current).strip())
    return parts


def _normalise_args(args) -> tuple[str, ...]:
    out = []
    for arg in args:
        arg = _INLINE_NAMESPACE.sub("::", " ".join(str(arg).split()).lstrip(":"))
        arg = re.sub(r"\b__nv_bool\b", "bool", arg)
        out.append(_SPELLINGS.get(arg, arg).replace(" ", ""))
    return tuple(out)


def collect_failures(build_dir: Path, shards: list[Shard], line_maps: dict[str, dict[int, int]],
                      failed_outputs: list[str], own_links: list[Path] = (), links: list[Path] = ()
                      ) -> list[VariantFailure]:
    """Name the failing variants of each failed shard, each with its first error line.

    nvcc reports an error in a template either at the shard's own line (`x.cu(12): error`)
    or in the header followed by "detected during instantiation ... at line 12 of x.cu";
    each source line holds one variant, so the line number names it.
    """
    failures: list[VariantFailure] = []
    failed = set(failed_outputs)
    own, linked = re.compile(rf"(^|/)({_links_in(own_links)})/"), re.compile(rf"(^|/)({_links_in(links)})/")
    for shard in shards:  # spec order, whatever order ninja finished in
        if ShardPaths.of(shard).object not in failed:
            continue
        log = build_dir / ShardPaths.of(shard).log
        try:
            text = log.read_text(errors="replace")
        except OSError:
            text = ""
        source_name = re.escape(f"{shard.name}.cu")
        direct = re.compile(rf"{source_name}\((\d+)\): (?:error|catastrophic error)")
        during = re.compile(rf"at line (\d+) of \S*{source_name}")
        by_args = {_normalise_args(v.args): i for i, v in enumerate(shard.variants)}
        first_error = ""
        current_error = ""
        # The user's line for the current error: (rank, "FILE:LINE"), rank 0 in a family header's
        # folder, 1 in another folder kfoot linked (include_dirs); the innermost of the best rank.
        current_at: tuple[int, str] | None = None
        blamed: dict[int, tuple[str, str]] = {}

        def note_location(path: str, line_number: str) -> None:
            nonlocal current_at
            rank = 0 if own.search(path) else 1 if linked.search(path) else None
            if rank is not None and (current_at is None or rank < current_at[0]):
                current_at = (rank, f"{path}:{line_number}")

        def blame(index: int | None) -> None:
            if index is not None and current_error:
                blamed.setdefault(index, (current_error, current_at[1] if current_at else ""))

        for line in text.splitlines():
            stripped = line.strip()
            if ERROR_LINE.search(stripped) and "instantiation of" not in stripped:
                current_error = stripped
                current_at = None
                first_error = first_error or stripped
                at = _ERROR_AT.match(stripped)
                if at:
                    note_location(at.group(1), at.group(2))
                match = direct.search(stripped)
                if match:
                    blame(line_maps[shard.name].get(int(match.group(1))))
                continue
            context = _CONTEXT_AT.search(stripped)
            if context:
                note_location(context.group(2), context.group(1))
            match = during.search(stripped)
            if match:
                blame(line_maps[shard.name].get(int(match.group(1))))
            # Implicit instantiations carry no line, but name the template arguments:
            # 'instantiation of "void k<Op,In>(...) [with Op=kfoot::op::Floor, In=float]"'.
            match = _INSTANTIATION.search(stripped)
            if match:
                bound = [b.split("=", 1)[1] for b in _split_top_level(match.group(1)) if "=" in b]
                blame(by_args.get(_normalise_args(bound)))
        if not first_error:
            first_error = next((l.strip() for l in text.splitlines() if l.strip()), "compiler failed without output")
        if not blamed:
            blamed = {i: (first_error, "") for i in range(len(shard.variants))}
        for index in sorted(blamed):
            v = shard.variants[index]
            error, location = blamed[index]
            failures.append(VariantFailure(v.template_id, v.family, shard.name, error, log, location))
    return failures


def failure_line(failure: VariantFailure) -> str:
    """One failing variant: the user's own FILE:LINE first (where an editor or CI annotation
    jumps), then the variant, its family and the compiler's first error."""
    where = f"{failure.location}: " if failure.location else ""
    return f"{where}{failure.template_id} [{failure.family}]: {failure.error}"


def failure_message(failures: list[VariantFailure]) -> str:
    lines = [f"{len(failures)} variant(s) failed to compile, each compiled alone to be sure "
             f"(the other shards were built; compiler logs: {failures[0].log.parent})"]
    lines.extend(f"  {failure_line(f)}" for f in failures)
    return "\n".join(lines)
