"""What a local index holds and what an import did to it: plain counts, no I/O."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class IndexStats:
    """What an index holds: record counts in total, by source, with DOI and arXiv id;
    the file and its size in bytes."""

    path: str
    records: int
    by_source: dict[str, int] = field(default_factory=dict)
    with_doi: int = 0
    with_arxiv: int = 0
    size_bytes: int = 0


@dataclass(frozen=True, slots=True)
class AddCounts:
    """What an import did: records new to the index, records that replaced a stored one
    with different data, records identical to the stored one (left as they were)."""

    added: int = 0
    updated: int = 0
    unchanged: int = 0

    @property
    def total(self) -> int:
        return self.added + self.updated + self.unchanged

    def __add__(self, other: AddCounts) -> AddCounts:
        return AddCounts(
            self.added + other.added, self.updated + other.updated, self.unchanged + other.unchanged
        )

    def describe(self) -> str:
        """ "3 added, 1 updated, 100597 unchanged" (parts that are 0 left out; "nothing"
        for an empty import)."""
        parts = [
            f"{n} {w}"
            for n, w in (
                (self.added, "added"),
                (self.updated, "updated"),
                (self.unchanged, "unchanged"),
            )
            if n
        ]
        return ", ".join(parts) or "no records"


__all__ = ["AddCounts", "IndexStats"]
