"""A learned reference-string labeller (linear-chain CRF over tokens, python-crfsuite).

- :mod:`citations.crf.features`: tokens and CRF features (pure).
- :mod:`citations.crf.corpus`: anystyle / GROBID gold read as tagged tokens.
- :mod:`citations.crf.labeller`: the model with its title ranker, :func:`default_labeller`.
- :mod:`citations.crf.labelled`: a tagged string (tokens, labels, probabilities).
- :mod:`citations.crf.titles`: the title ranker over candidate spans (pure).
- :mod:`citations.crf.fit_titles`: fitting the ranker (numpy, scipy).
- :mod:`citations.crf.train`: ``python -m citations.crf.train`` rebuilds the shipped model
  and ranker.
Reading a reference with them is :mod:`citations.reading`. Importing this package loads no
model.
"""

from __future__ import annotations

from citations.crf.labelled import Labelled
from citations.crf.labeller import ReferenceLabeller, default_labeller

__all__ = ["Labelled", "ReferenceLabeller", "default_labeller"]
