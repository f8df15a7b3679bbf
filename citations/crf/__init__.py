"""A learned reference-string labeller (linear-chain CRF over tokens, python-crfsuite).

- :mod:`citations.crf.features`: tokens and CRF features (pure).
- :mod:`citations.crf.corpus`: anystyle / GROBID gold read as tagged tokens.
- :mod:`citations.crf.labeller`: the model, :func:`default_labeller`.
- :mod:`citations.crf.train`: ``python -m citations.crf.train`` rebuilds the shipped model.
Importing this package loads no model.
"""

from __future__ import annotations

from citations.crf.labeller import Labelled, ReferenceLabeller, default_labeller

__all__ = ["Labelled", "ReferenceLabeller", "default_labeller"]
