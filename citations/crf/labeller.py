"""The reference-string labeller: a linear-chain CRF (CRFsuite) labelling each token with a
field from :data:`citations.crf.corpus.LABELS`.

    >>> lab = default_labeller()                  # the model shipped in this package
    >>> tagged = lab.tag("Gurney, M. E. et al. Title here. Science 264, 1772-1775 (1994).")
    >>> tagged.span("container"), tagged.span("volume")
    ('Science', '264')

The shipped model (``reference_crf.model``, a few MB) is trained by
``python -m citations.crf.train`` on anystyle's core.xml and bad.xml (BSD-2-Clause) and
GROBID's citation corpus (Apache-2.0); their notices are in ``NOTICE`` beside it.
A tagger holds a CRFsuite handle whose tag, marginals and probability are read from the
last string set on it, so one labeller serialises its taggings with a lock: the online
sources' worker threads share it safely. :func:`default_labeller` caches one per process,
and :meth:`ReferenceLabeller.tag` caches the last 4,096 strings tagged.
Raises: :class:`~citations.errors.InputError` from :meth:`ReferenceLabeller.load` for a
missing or unreadable model file.
"""

from __future__ import annotations

import threading
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from citations.crf.features import token_attributes, tokenize
from citations.crf.labelled import MARGINAL_LABELS, Labelled
from citations.crf.titles import TitleRanker, default_ranker
from citations.errors import InputError

MODEL_NAME = "reference_crf.model"
"""File name of the shipped model inside the citations.crf package."""


class ReferenceLabeller:
    """A loaded CRF model. Use :func:`default_labeller` for the shipped one."""

    def __init__(self, tagger: Any, name: str = "crf", ranker: TitleRanker | None = None) -> None:
        self._tagger = tagger
        self.name = name
        self.ranker = ranker
        """The title ranker trained with this model (:mod:`citations.crf.titles`); None: the
        CRF's own title run stays (:func:`citations.reading.label.label`)."""
        self._tag_cached = lru_cache(maxsize=4096)(self._tag)
        self._lock = threading.Lock()  # the tagger keeps the last string's lattice
        self._labels = frozenset(tagger.labels())

    @classmethod
    def load(
        cls, path: str | Path, ranker: str | Path | TitleRanker | None = None
    ) -> ReferenceLabeller:
        """Open a CRFsuite model file, with the title ranker trained with it (a weights
        file, a loaded ranker, or None for none). Raises InputError when a file is missing
        or unreadable."""
        import pycrfsuite

        p = Path(path)
        if not p.is_file():
            raise InputError(f"{p}: reference labeller model not found")
        tagger = pycrfsuite.Tagger()
        try:
            tagger.open(str(p))
        except (OSError, ValueError) as exc:
            raise InputError(f"{p}: not a CRFsuite model ({exc})") from exc
        if ranker is not None and not isinstance(ranker, TitleRanker):
            ranker = TitleRanker.load(ranker)
        return cls(tagger, name=p.name, ranker=ranker)

    def tag(self, text: str) -> Labelled:
        """Label every token of ``text`` (one reference string). Empty text -> no tokens."""
        return self._tag_cached(text)

    def _tag(self, text: str) -> Labelled:
        toks = tokenize(text)
        if not toks:
            return Labelled(text, (), (), 1.0)
        attributes = token_attributes(text, toks)
        marginal = self._tagger.marginal
        positions = range(len(toks))
        with self._lock:  # tag() sets the lattice that marginal() and probability() read
            labels = tuple(self._tagger.tag(attributes))
            margs = {
                lb: tuple([marginal(lb, i) for i in positions])
                for lb in MARGINAL_LABELS
                if lb in self._labels
            }
            conf = tuple(
                [
                    margs[lab][i] if lab in margs else marginal(lab, i)
                    for i, lab in enumerate(labels)
                ]
            )
            probability = float(self._tagger.probability(list(labels)))
        return Labelled(text, tuple(toks), labels, probability, conf, margs)


@lru_cache(maxsize=1)
def default_labeller() -> ReferenceLabeller:
    """The labeller of the model shipped in this package, with its title ranker (loaded
    once per process)."""
    ref = resources.files("citations.crf").joinpath(MODEL_NAME)
    with resources.as_file(ref) as path:
        return ReferenceLabeller.load(path, ranker=default_ranker())
