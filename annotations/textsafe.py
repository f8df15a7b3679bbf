"""Text from input made safe to print on a terminal.

Answers, PDF text, reference strings and index records are untrusted: printed as they
are, an escape sequence in them could change a terminal's title, colours or cursor, and a
bidi override could reorder what the reader sees. Every text-mode printer (``check
--format text``, ``audit``, ``refs verify``) passes such text through ``strip_controls``.
"""

from __future__ import annotations

import re

__all__ = ["strip_controls", "strip_escape_sequences"]

#: Terminal escape sequences (CSI ``ESC [ ... final``, OSC / DCS / APC / PM / SOS strings up
#: to BEL or ST, and two-character ``ESC x``), then single control characters: C0 but tab
#: and newline, DEL, C1, and the bidi embedding / override / isolate controls, which reorder
#: what a terminal shows (ECMA-48; Unicode UAX #9).
_SEQUENCES = (
    r"(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]"  # CSI: colours, cursor moves
    r"|[\x1b\x9b][\]PX^_][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?"  # OSC ...: window title
    r"|\x1b[ -~]?"  # ESC + one character, or a lone ESC
)
_ESCAPES = re.compile(_SEQUENCES + r"|[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_SEQUENCES_RE = re.compile(_SEQUENCES)


def strip_controls(text: str) -> str:
    """``text`` without terminal escape sequences and control characters (tab and newline
    kept): what came from input (answer, PDF text, references) cannot change the terminal's
    title, colours or cursor when printed."""
    return _ESCAPES.sub("", text) if text.isprintable() is False else text


def strip_escape_sequences(text: str) -> str:
    """``text`` without terminal escape sequences (CSI, OSC and the like, whole), single
    control characters left to the caller: a reader that turns them into spaces keeps the
    words they stood between apart ("Smith\x0cJ." is two words)."""
    return _SEQUENCES_RE.sub("", text) if "\x1b" in text or "\x9b" in text else text
