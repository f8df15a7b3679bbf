"""Sentences in a language the judge does not read, and how their numbers are read.

Pure. The judge's words, names, negations and comparisons are English. In an answer written
in another language only its numbers and its Latin-script names (model, dataset and metric
names, which such answers keep as the paper writes them) can be checked against an English
paper; :func:`unread_language` names the language of such a sentence, so that the judge
never takes it as supported (``grounding/judges/rules_table.py``, rows ``unread_only`` and
``unread_language``).

Chinese, Japanese and Korean are told by their letters (Unicode blocks: Hiragana and
Katakana U+3040-30FF for Japanese, Hangul syllables U+AC00-D7AF for Korean, CJK ideographs
U+3400-4DBF, U+4E00-9FFF, U+F900-FAFF otherwise): at least two, and more than twice as
many as the sentence's English function words (an English sentence that names a place or
a character in them stays English). They write no space between a word and a
number or a Latin name ("DeepSeek-R1在AIME 2024上的得分为79.8%"), so the judge reads such a
sentence with each of their letters and marks (U+3000-303F: "、", "。", "「") replaced by one
space (:func:`latin_reading`): offsets stay those of the sentence, and "79.8%" or "AIME"
stand alone. Full-width forms ("７９．８％", "，") are left to NFKC folding.

Languages in Latin letters (French, German, Spanish, Portuguese, Italian, Dutch) are told
by their function words (``data/function_words.tsv``): at least two words of those
languages, and more than twice as many as English ones (the particles of a surname, "van
der Maaten", left out); the language with the most of them names it. A sentence of three
words or more with no English function word is another language's when it has one of
those words, or a decimal comma ("SPECTER atinge 94,8 nDCG").
"""

from __future__ import annotations

import re
from collections import Counter

from grounding.lexicon.words import function_words

_KANA = re.compile("[\u3040-\u30ff]")
_HANGUL = re.compile("[\uac00-\ud7af]")
_LETTERS = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff"
_UNREAD_LETTER = re.compile(f"[{_LETTERS}]")
_UNSPACED = re.compile(f"[\u3000-\u303f{_LETTERS}]")
_LATIN = re.compile(r"[A-Za-z0-9\uff10-\uff19\uff21-\uff3a\uff41-\uff5a]")
_WORD = re.compile(r"(?<![.@/\w])[^\W\d_]+")  # not a part of an address ("x.com")
# the particles of a name ("van der Maaten", "von Neumann", "Gilles de la Tourette",
# "Félix de Azara"): part of a name in any language, no function word of the sentence
_SURNAME_PARTICLES = re.compile(
    r"\b(?:van|von|vom)(?:\s+(?:der|den|de|ter|ten|het))?\s+(?=[A-Z])"
    r"|(?<=[^\W\d_]|\.)\s+(?:(?:de|da|di|du|del|della|des|la|le|los|las|y)\s+)+(?=[A-Z])"
)
_FUNCTION_WORDS = function_words()
#: a decimal comma ("86,4"; "5,113" is a thousands separator)
_DECIMAL_COMMA = re.compile(r"(?<![\d,.])\d+,\d{1,2}(?![\d,])")
#: the language of a sentence that is not English but has no function word of the listed
#: languages
OTHER = "a language other than English"


def has_latin(text: str) -> bool:
    """True if ``text`` has a Latin letter or a digit (half- or full-width): something
    the judge can check in a sentence written in another script."""
    return _LATIN.search(text) is not None


def latin_reading(text: str) -> str:
    """``text`` with each Chinese, Japanese or Korean letter and mark (U+3000-303F)
    replaced by one space (same length, same offsets); ``text`` itself when it has
    none."""
    if text.isascii():
        return text
    return _UNSPACED.sub(" ", text)


def _without_particles(text: str) -> str:
    """``text`` with the particles of its names blanked: "van"/"von" (and "der", "de"...
    after them) before a capitalised word, and "de", "la", "del"... between a capitalised
    word and another ("Gilles de la Tourette")."""
    return _SURNAME_PARTICLES.sub(
        lambda m: " " * len(m.group(0)) if _after_name(text, m) else m.group(0), text
    )


def _after_name(text: str, m: re.Match[str]) -> bool:
    if m.group(0).lstrip().startswith(("van", "von", "vom")):
        return True
    before = text[: m.start()].split()
    return bool(before) and before[-1][:1].isupper()


def unread_language(text: str) -> str:
    """The language ``text`` is written in when the judge does not read it ("Chinese",
    "Japanese", "Korean", "French", "German", "Spanish", "Portuguese", "Italian",
    "Dutch", or :data:`OTHER`), else "" (English, or too few words to tell)."""
    counts: Counter[str] = Counter()
    english = foreign = lower = 0
    for i, w in enumerate(_WORD.findall(_without_particles(text))):
        if not (w.islower() or (i == 0 and w[1:].islower())):
            continue  # a name ("Dan Brown") or an acronym ("SEM"), unless it opens the sentence
        langs = _FUNCTION_WORDS.get(w.lower(), ())
        english += "English" in langs
        other = any(lang != "English" for lang in langs)
        foreign += other
        lower += other and i > 0
        counts.update(lang for lang in langs if lang != "English")
    if not text.isascii() and len(_UNREAD_LETTER.findall(text)) > max(1, 2 * english):
        if _KANA.search(text):
            return "Japanese"
        return "Korean" if _HANGUL.search(text) else "Chinese"
    if english == 0 and len(_WORD.findall(text)) >= 3 and (lower or _DECIMAL_COMMA.search(text)):
        # a short sentence with no English function word: one of another language inside
        # it ("SPECTER obtient 86,4 sur MeSH"), or a decimal comma ("atinge 94,8 nDCG")
        return counts.most_common(1)[0][0] if counts else OTHER
    if foreign < 2 or foreign <= 2 * english:
        return ""
    return counts.most_common(1)[0][0]


__all__ = ["OTHER", "has_latin", "latin_reading", "unread_language"]
