"""Per-field normalisers: each reads the spans the labeller gave its field and returns the
field's value, cleaned. One module per field; :data:`citations.reading.parse.NORMALISERS`
declares their order. A normaliser sees the fields decided before it (``fields``) and
returns only its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from citations.crf.labelled import Labelled
from citations.reading.label import Labelling
from citations.reading.prepare import Prepared

__all__ = ["Reading"]


@dataclass(frozen=True, slots=True)
class Reading:
    """One reference string as the normalisers see it: prepared text and its labelling."""

    prepared: Prepared
    labelling: Labelling

    @property
    def lab(self) -> Labelled:
        """The CRF's labels of ``prepared.body``."""
        return self.labelling.lab
