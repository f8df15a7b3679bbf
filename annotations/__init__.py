"""The shared vocabulary: MMSciFact rows, labels, error codes; reading and scoring them."""

from annotations.errors import CheckerError, InputError, SchemaError
from annotations.jsonl import dump_row, iter_rows, parse_row, read_rows, write_rows
from annotations.schema import (
    BoxAnnotation,
    ErrorSpan,
    ErrorTag,
    Label,
    PropagationType,
    QAPair,
    QuestionMeta,
    Role,
    SentenceAnnotation,
    sentence_id,
)

__all__ = [
    "BoxAnnotation",
    "CheckerError",
    "ErrorSpan",
    "ErrorTag",
    "InputError",
    "Label",
    "PropagationType",
    "QAPair",
    "QuestionMeta",
    "Role",
    "SchemaError",
    "SentenceAnnotation",
    "dump_row",
    "iter_rows",
    "parse_row",
    "read_rows",
    "sentence_id",
    "write_rows",
]
