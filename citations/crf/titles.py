"""Which words of a reference string are its title: a log-linear ranker over candidate spans
(pure; the weights are read from a JSON file once).

The CRF labels tokens one by one; on comma-separated styles, books and reports it runs the
title into the venue or cuts a subtitle. The ranker looks at whole spans instead; it is
part of labelling (:mod:`citations.reading.label`). Two titles may be given: ``rules_title``
(a title read elsewhere; None in the model-first reader, kept for the features the weights
were first fitted with) and ``merged_title`` (the CRF's own title run). Candidates are the
runs of tokens that start and end at a field boundary (punctuation, a change of the CRF's
label or of its title marginal, the ends of the given titles; never right before the
period of "vs." / "cf."; in a lower-case or unpunctuated string never inside the CRF's
author run; at most :data:`MAX_TOKENS` tokens, at least one token the CRF gives a title marginal of
:data:`MIN_MARGINAL`). Each candidate is described by the CRF's marginals inside and around
it (title and the other fields), the punctuation and words at its two ends, what it holds
(years, numbers, venue, publisher and editor words, unbalanced brackets or quotes), its
length and place after the author list, and whether it is the CRF's own title run
(``merged_title``; ``rules_title`` is None in the model-first reader); the candidate with
the highest score (the dot product of these features with the learned weights) is the
title, unless it is implausible whatever its score (:meth:`Spans.implausible`: a bracket
left open, a leading date) and then the next one is. The weights are trained by
:mod:`citations.crf.train` on the same tagged references as the CRF, with CRF marginals
from models that did not see the reference (cross-fitting), by maximising the likelihood
of the candidates within 90 % of the gold title (conditional logit, L2);
``title_ranker.json`` ships beside the CRF model.

Token indices are 0-based, into :attr:`Labelled.tokens`; ``end`` is inclusive.
Raises: :class:`~citations.errors.InputError` from :meth:`TitleRanker.load` for a missing
or unreadable weights file.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left
from collections.abc import Callable, Mapping
from functools import lru_cache
from importlib import resources
from itertools import accumulate
from pathlib import Path
from typing import NamedTuple

from rapidfuzz import fuzz

from citations.crf.features import word_class
from citations.crf.labelled import MARGINAL_LABELS, Labelled
from citations.errors import InputError
from citations.text.fold import fold_key as fold

WEIGHTS_NAME = "title_ranker.json"
"""File name of the shipped weights inside the citations.crf package."""

MAX_TOKENS = 60
"""Longest candidate, in tokens."""

MIN_MARGINAL = 0.05
"""A candidate holds at least one token whose title marginal is at least this."""

OTHER_LABELS = tuple(lb for lb in MARGINAL_LABELS if lb != "title")
"""Fields whose marginals inside and around a candidate are features (besides title)."""

_CLASSES = ("year", "dig", "in", "venue", "pub", "ed", "month", "pp", "vol", "iss", "etal", "init")
_OPEN_Q = frozenset("\"“„«'‘")
_CLOSE_Q = frozenset("\"”»'’")
_QUOTE = frozenset('"“”„«»')
_WORD = re.compile(r"\w")
_NO_END = frozenset(("vs", "cf", "viz"))


def title_key(text: str | None) -> str:
    """``text`` folded (case, accents) to letters and digits only: two titles with the same
    key are the same title."""
    return re.sub(r"[^0-9a-z]+", "", fold(text or ""))


_EDGE = " ,;:.–—-/"
_QUOTES = "\"“”„«»‘’'"
_EDITION = re.compile(
    r"[\s.,;:(\[]+\d{1,2}\s?(?:st|nd|rd|th|\.|ª|a|e|ème|er)?\s*(?:ed|edn|edition|aufl|auflage|éd|"
    r"édition|edición|edição)\b\.?[\s)\]]*$",
    re.IGNORECASE,
)
"""A trailing edition statement ("3. Aufl.", "(2nd ed)", "2ª ed."): not part of a title."""


def strip_span(span: str) -> str:
    """A labelled span without edge punctuation, quotes and brackets it does not open and
    close ("Title (" / ") Title": a bracket of the next field)."""
    s = span.strip(_EDGE + _QUOTES + " ")
    for o, c in ("()", "[]"):
        if s.startswith(o) and c not in s:
            s = s[1:]
        if s.endswith(c) and o not in s:
            s = s[:-1]
        s = s.rstrip(o + " ").lstrip(c + " ")
    return s.strip(_EDGE + _QUOTES + " ")


def clean_title(span: str) -> str:
    """A span read as a title: edge punctuation, quotes, unopened brackets and a trailing
    edition statement ("(2nd ed)") removed."""
    return strip_span(_EDITION.sub("", strip_span(span)))


def _bin(x: float, edges: tuple[float, ...]) -> str:
    for i, e in enumerate(edges):
        if x <= e:
            return str(i)
    return str(len(edges))


class Candidate(NamedTuple):
    """A candidate title: tokens ``start``..``end`` (inclusive); ``key`` its
    :func:`title_key`."""

    start: int
    end: int
    key: str


class Spans:
    """A tagged string read for its candidate titles: per-token arrays (prefix sums of the
    marginals and of word classes, token classes and keys, where the author list ends) so
    that every feature costs O(1) per candidate; the features of a candidate split into
    those of its start, of its end and of the pair, so a ranker scores the first two once
    per boundary."""

    def __init__(
        self, lab: Labelled, rules_title: str | None = None, merged_title: str | None = None
    ) -> None:
        self.lab = lab
        toks, labels = lab.tokens, lab.labels
        self.n = n = len(toks)
        self.words = words = [t[0] for t in toks]
        self.is_word = [bool(_WORD.match(w)) for w in words]
        self.keys = [_token_key(w) if self.is_word[i] else "" for i, w in enumerate(words)]
        self.cls = [word_class(w) for w in words]
        self.tm = lab.marginals.get("title") or tuple(1.0 if x == "title" else 0.0 for x in labels)
        self.cum: dict[str, list[float]] = {"title": [0.0, *accumulate(self.tm)]}
        self.cum_vt = [0, *accumulate(int(x == "title") for x in labels)]
        self.cum_cls = _class_counts(self.cls)
        self.cum_alpha = [0, *accumulate(map(_has_letter, words))]

        def count(chars: str | frozenset[str]) -> list[int]:
            return [0, *accumulate(int(w in chars) for w in words)]

        self.cum_period, self.cum_comma, self.cum_colon = count("."), count(","), count(":")
        self.cum_open, self.cum_close, self.cum_quote = count("(["), count(")]"), count(_QUOTE)
        self.n_vt = self.cum_vt[-1]
        self.string_quoted = str(int(self.cum_quote[-1] > 0))
        ae = -1
        for i, x in enumerate(labels):
            if x == "author":
                ae = i
            elif ae >= 0:
                break
        self.after_authors = -1
        if ae >= 0:
            k = ae + 1
            while k < n and (labels[k] == "date" or not self.is_word[k]):
                k += 1
            self.after_authors = k
        self.prev_word = [-1] * n
        last = -1
        for i in range(n):
            self.prev_word[i] = last
            if self.is_word[i]:
                last = i
        self.next_word = [n] * n
        nxt = n
        for i in range(n - 1, -1, -1):
            self.next_word[i] = nxt
            if self.is_word[i]:
                nxt = i
        # the punctuation (or "W" for a word, "^"/"$" for the ends) around each boundary
        self.pb = [
            "^" if i == 0 else ("W" if self.is_word[i - 1] else words[i - 1]) for i in range(n)
        ]
        self.pa = [
            "$" if i == n - 1 else ("W" if self.is_word[i + 1] else words[i + 1]) for i in range(n)
        ]
        self.rules_key = title_key(rules_title)
        self.merged_key = title_key(merged_title)
        self.given = [title for title in (rules_title, merged_title) if title]
        self.sloppy = lab.text.lower() == lab.text or not re.search(r"[.,;:]", lab.text)
        """All lower case or without field punctuation."""

    def mean(self, label: str, s: int, e: int) -> float:
        """Mean marginal of ``label`` over tokens s..e (0 when the labeller gave none)."""
        c = self.cum.get(label)
        if c is None:
            c = self.cum[label] = [
                0.0,
                *accumulate(self.lab.marginals.get(label) or (0.0,) * self.n),
            ]
        return (c[e + 1] - c[s]) / (e - s + 1)

    def candidates(self) -> list[Candidate]:
        """Candidate spans (see the module docstring), in order of start then end."""
        n, labels, tm = self.n, self.lab.labels, self.tm
        if not n:
            return []
        starts, ends = {0}, {n - 1}
        for i in range(n):
            if not self.is_word[i]:
                if i + 1 < n:
                    starts.add(i + 1)
                if i > 0:
                    ends.add(i - 1)
            if i > 0 and (labels[i] != labels[i - 1] or (tm[i] >= 0.5) != (tm[i - 1] >= 0.5)):
                starts.add(i)
                ends.add(i - 1)
        toks = self.lab.tokens
        for title in self.given:  # the rules' and the merged title are candidates too
            a = self.lab.text.find(title)
            if a >= 0:
                b = a + len(title)
                inside = [i for i, (_, x, y) in enumerate(toks) if x >= a and y <= b]
                if inside:
                    starts.add(inside[0])
                    ends.add(inside[-1])
        if self.sloppy:  # no punctuation to go by: the CRF's author run is the authors
            starts -= {
                i for i in starts if i > 0 and labels[i] == "author" and labels[i - 1] == "author"
            }
        # a title does not end at "vs." / "cf." / "viz." (the abbreviation's period ends nothing)
        ends -= {
            e
            for e in ends
            if e + 1 < n and self.words[e + 1] == "." and self.words[e].lower() in _NO_END
        }
        next_hot = [n] * (n + 1)
        for i in range(n - 1, -1, -1):
            next_hot[i] = i if tm[i] >= MIN_MARGINAL else next_hot[i + 1]
        out: list[Candidate] = []
        ends_sorted = sorted(ends)
        keys, alpha = self.keys, self.cum_alpha
        for s in sorted(starts):
            key, upto = "", s  # the key of tokens s..upto-1, grown as the end moves right
            for e in ends_sorted[bisect_left(ends_sorted, max(s, next_hot[s])) :]:
                if e - s >= MAX_TOKENS:
                    break
                if alpha[e + 1] == alpha[s]:
                    continue  # no letters
                key += "".join(keys[upto : e + 1])
                upto = e + 1
                out.append(Candidate(s, e, key))
        return out

    def text(self, c: Candidate) -> str:
        """The candidate as a title: its span of the string, cleaned as
        :func:`clean_title` does."""
        toks = self.lab.tokens
        return clean_title(self.lab.text[toks[c.start][1] : toks[c.end][2]])

    def implausible(self, c: Candidate, text: str) -> bool:
        """Is a candidate no title whatever its score: a bracket opened in it and not closed
        ("prison (A. Sheridan" from "prison (A. Sheridan, Trans.)"), unless the rules' or
        merged title has one too; or it starts with a year the CRF labels date followed by
        "." or ")" ("2018. World Development Report 2018")?"""
        if text.count("(") > text.count(")") or text.count("[") > text.count("]"):
            if not any(
                g.count("(") > g.count(")") or g.count("[") > g.count("]") for g in self.given
            ):
                return True
        s = c.start
        return (
            self.cls[s] == "year"
            and self.lab.labels[s] == "date"
            and s + 1 < self.n
            and self.words[s + 1] in ".)"
            and c.end > s + 1
        )

    def start_features(self, s: int) -> dict[str, float]:
        """Features of a candidate that depend on its first token only."""
        n, lab, cls = self.n, self.lab, self.cls
        f: dict[str, float] = {"m_prev": self.tm[s - 1] if s > 0 else 0.0}
        if s > 0:
            for lb in OTHER_LABELS:
                marg = lab.marginals.get(lb)
                if marg:
                    f["prev_" + lb] = marg[s - 1]
        pb = self.pb[s]
        f["pb=" + pb] = 1.0
        f["lb=" + (lab.labels[s - 1] if s > 0 else "^")] = 1.0
        f["lf=" + lab.labels[s]] = 1.0
        i = self.prev_word[s]
        f["prevw=" + (cls[i] if i >= 0 else "^")] = 1.0
        f["first=" + cls[s]] = 1.0
        f["spos=" + _bin(s / n, (0.0, 0.1, 0.25, 0.5, 0.75))] = 1.0
        f["pbfirst=" + pb + cls[s]] = 1.0
        aa = self.after_authors
        f["aa=" + ("none" if aa < 0 else "eq" if s == aa else "lt" if s < aa else "gt")] = 1.0
        return f

    def end_features(self, e: int) -> dict[str, float]:
        """Features of a candidate that depend on its last token only."""
        n, lab, cls, words = self.n, self.lab, self.cls, self.words
        f: dict[str, float] = {"m_next": self.tm[e + 1] if e + 1 < n else 0.0}
        if e + 1 < n:
            for lb in OTHER_LABELS:
                marg = lab.marginals.get(lb)
                if marg:
                    f["next_" + lb] = marg[e + 1]
        pa = self.pa[e]
        f["pa=" + pa] = 1.0
        f["la=" + (lab.labels[e + 1] if e + 1 < n else "$")] = 1.0
        f["ll=" + lab.labels[e]] = 1.0
        j = self.next_word[e]
        nxt = cls[j] if j < n else "$"
        f["nextw=" + nxt] = 1.0
        f["last=" + cls[e]] = 1.0
        last = words[e]
        if (
            e + 1 < n
            and words[e + 1] == "."
            and last[:1].isupper()
            and len(last) <= 5
            and last.isalpha()
        ):
            f["end_abbr"] = 1.0
        f["panext=" + pa + nxt] = 1.0
        return f

    def pair_features(self, c: Candidate) -> dict[str, float]:
        """Features of a candidate that depend on both ends (what it holds, its length,
        how it compares with the rules' and the merged title)."""
        s, e, n = c.start, c.end, self.n
        tm, words = self.tm, self.words
        ln = e - s + 1
        m_in = self.mean("title", s, e)
        f: dict[str, float] = {
            "m_in": m_in,
            "m_min": min(tm[s : e + 1]),
            "v_frac": (self.cum_vt[e + 1] - self.cum_vt[s]) / ln,
        }
        if self.n_vt:
            f["v_cov"] = (self.cum_vt[e + 1] - self.cum_vt[s]) / self.n_vt
        for lb in OTHER_LABELS:
            f["in_" + lb] = self.mean(lb, s, e)
        nt, rk = c.key, self.rules_key
        if rk:
            f["eq_rules"] = float(nt == rk)
            f["r_rules"] = fuzz.ratio(nt, rk) / 100
            if nt != rk and nt in rk:
                f["in_rules"] = 1.0
            if nt != rk and rk in nt:
                f["has_rules"] = 1.0
        if self.merged_key:
            f["eq_merged"] = float(nt == self.merged_key)
        f["pb_pa=" + self.pb[s] + self.pa[e]] = 1.0
        f["len=" + _bin(ln, (1, 2, 3, 5, 8, 12, 20, 30))] = 1.0
        f["per=" + _bin(self.cum_period[e] - self.cum_period[s], (0, 1, 2))] = (
            1.0  # the last token's is no inside
        )
        f["com=" + _bin(self.cum_comma[e + 1] - self.cum_comma[s], (0, 1, 2))] = 1.0
        if self.cum_colon[e + 1] - self.cum_colon[s]:
            f["colon"] = 1.0
        for k, cc in self.cum_cls.items():
            if cc[e + 1] - cc[s]:
                f["has_" + k] = 1.0
        q = str(int(s > 0 and words[s - 1] in _OPEN_Q)) + str(
            int(e + 1 < n and words[e + 1] in _CLOSE_Q)
        )
        f["quoted=" + q] = 1.0
        f["sq" + self.string_quoted + q] = 1.0
        if self.cum_open[e + 1] - self.cum_open[s] != self.cum_close[e + 1] - self.cum_close[s]:
            f["unbal_b"] = 1.0
        if (self.cum_quote[e + 1] - self.cum_quote[s]) % 2:
            f["unbal_q"] = 1.0
        f["mlen=" + _bin(m_in, (0.2, 0.5, 0.8)) + _bin(ln, (2, 5, 12))] = 1.0
        return f

    def pair_scorer(self, ranker: TitleRanker) -> Callable[[Candidate], float]:
        """``ranker.score(pair_features(c))`` as a function of ``c``, computed
        without building the feature dict: the weighted means fold into one prefix sum and
        the binned features into tables (same value, up to float rounding)."""
        n, tm, words = self.n, self.tm, self.words
        g = ranker.weights.get
        wm = g("m_in", 0.0)
        per_token = [wm * x for x in tm]
        for lb in OTHER_LABELS:
            wl, marg = g("in_" + lb, 0.0), self.lab.marginals.get(lb)
            if wl and marg:
                per_token = [a + wl * x for a, x in zip(per_token, marg, strict=False)]
        cum_w = [0.0, *accumulate(per_token)]
        w_vfrac, w_vcov = g("v_frac", 0.0), g("v_cov", 0.0) if self.n_vt else 0.0
        n_vt = self.n_vt or 1
        w_min = g("m_min", 0.0)
        len_w, per_w, com_w, mlen_w = ranker.tables
        has_w = [(cc, g("has_" + k, 0.0)) for k, cc in self.cum_cls.items() if g("has_" + k, 0.0)]
        w_colon, w_ub, w_uq = g("colon", 0.0), g("unbal_b", 0.0), g("unbal_q", 0.0)
        quoted_w = {
            q: g("quoted=" + q, 0.0) + g("sq" + self.string_quoted + q, 0.0)
            for q in ("00", "01", "10", "11")
        }
        given = self._given_scorer(ranker)
        pb, pa = self.pb, self.pa
        cum_vt, cum_period, cum_comma, cum_colon = (
            self.cum_vt,
            self.cum_period,
            self.cum_comma,
            self.cum_colon,
        )
        cum_open, cum_close, cum_quote = self.cum_open, self.cum_close, self.cum_quote
        cum_title = self.cum["title"]

        def score(c: Candidate) -> float:
            s, e = c.start, c.end
            ln = e - s + 1
            vt = cum_vt[e + 1] - cum_vt[s]
            sc = (
                (cum_w[e + 1] - cum_w[s]) / ln
                + w_vfrac * vt / ln
                + w_vcov * vt / n_vt
                + w_min * min(tm[s : e + 1])
            )
            sc += given(c.key)
            sc += g("pb_pa=" + pb[s] + pa[e], 0.0) + len_w[ln]
            sc += per_w[cum_period[e] - cum_period[s]] + com_w[cum_comma[e + 1] - cum_comma[s]]
            if cum_colon[e + 1] - cum_colon[s]:
                sc += w_colon
            for cc, wk in has_w:
                if cc[e + 1] - cc[s]:
                    sc += wk
            q = ("1" if s > 0 and words[s - 1] in _OPEN_Q else "0") + (
                "1" if e + 1 < n and words[e + 1] in _CLOSE_Q else "0"
            )
            sc += quoted_w[q]
            if cum_open[e + 1] - cum_open[s] != cum_close[e + 1] - cum_close[s]:
                sc += w_ub
            if (cum_quote[e + 1] - cum_quote[s]) % 2:
                sc += w_uq
            m_in = (cum_title[e + 1] - cum_title[s]) / ln
            sc += mlen_w[ln][0 if m_in <= 0.2 else 1 if m_in <= 0.5 else 2 if m_in <= 0.8 else 3]
            return sc

        return score

    def _given_scorer(self, ranker: TitleRanker) -> Callable[[str], float]:
        """The weighted features comparing a candidate's key with the given titles (the
        rules' and the merged one), as a function of the key."""
        g = ranker.weights.get
        rk, mk = self.rules_key, self.merged_key
        w_eqr, w_rr, w_inr, w_hasr = (
            g("eq_rules", 0.0),
            g("r_rules", 0.0),
            g("in_rules", 0.0),
            g("has_rules", 0.0),
        )
        w_eqm = g("eq_merged", 0.0)

        def given(nt: str) -> float:
            sc = 0.0
            if rk:
                if nt == rk:
                    sc += w_eqr
                else:
                    if nt in rk:
                        sc += w_inr
                    if rk in nt:
                        sc += w_hasr
                sc += w_rr * fuzz.ratio(nt, rk) / 100
            if mk and nt == mk:
                sc += w_eqm
            return sc

        return given

    def features(self, c: Candidate) -> dict[str, float]:
        """All features of a candidate (names -> values; binary ones are 1.0)."""
        return {**self.start_features(c.start), **self.end_features(c.end), **self.pair_features(c)}


Tables = tuple[list[float], list[float], list[float], list[list[float]]]


def _tables(w: Mapping[str, float]) -> Tables:
    """The weights of the binned pair features by count, 0..MAX_TOKENS (length, periods,
    commas; mean title marginal bin x length)."""
    g = w.get
    counts = range(MAX_TOKENS + 1)
    return (
        [g("len=" + _bin(k, (1, 2, 3, 5, 8, 12, 20, 30)), 0.0) for k in counts],
        [g("per=" + _bin(k, (0, 1, 2)), 0.0) for k in counts],
        [g("com=" + _bin(k, (0, 1, 2)), 0.0) for k in counts],
        [[g(f"mlen={a}{_bin(k, (2, 5, 12))}", 0.0) for a in "0123"] for k in range(MAX_TOKENS + 1)],
    )


def _class_counts(cls: list[str]) -> dict[str, list[int]]:
    """Prefix counts of each of _CLASSES over the token classes ``cls``."""
    ones = {c: [0] * (len(cls) + 1) for c in _CLASSES}
    for i, k in enumerate(cls):
        row = ones.get(k)
        if row is not None:
            row[i + 1] = 1
    return {c: list(accumulate(row)) for c, row in ones.items()}


@lru_cache(maxsize=65536)
def _has_letter(w: str) -> int:
    return int(any(ch.isalpha() for ch in w))


@lru_cache(maxsize=65536)
def _token_key(w: str) -> str:
    return title_key(w)


def candidate_features(
    lab: Labelled, rules_title: str | None, merged_title: str | None
) -> tuple[list[str], list[dict[str, float]]]:
    """The text and the features of every candidate title of ``lab`` (for training)."""
    sp = Spans(lab, rules_title, merged_title)
    texts: list[str] = []
    feats: list[dict[str, float]] = []
    for c in sp.candidates():
        t = sp.text(c)
        if _is_title(t):
            texts.append(t)
            feats.append(sp.features(c))
    return texts, feats


def _is_title(text: str) -> bool:
    """Can a cleaned span be a title at all (2+ characters, a letter)?"""
    return len(text) >= 2 and bool(re.search(r"[^\W\d_]", text))


class TitleRanker:
    """Learned weights over candidate features (:func:`features`). Use
    :func:`default_ranker` for the shipped ones."""

    def __init__(self, weights: Mapping[str, float], name: str = "ranker") -> None:
        self.weights = dict(weights)
        self.name = name
        self.tables = _tables(self.weights)
        """Weights of the binned pair features, by count (:meth:`Spans.pair_scorer`)."""

    @classmethod
    def load(cls, path: str | Path) -> TitleRanker:
        """Read a weights file written by :meth:`save`. Raises InputError when it is missing
        or not such a file."""
        p = Path(path)
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
            weights = {str(k): float(v) for k, v in data["weights"].items()}
        except FileNotFoundError as exc:
            raise InputError(f"{p}: title ranker weights not found") from exc
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            raise InputError(f"{p}: not a title ranker weights file ({exc})") from exc
        return cls(weights, name=p.name)

    def save(self, path: str | Path, about: Mapping[str, object] | None = None) -> None:
        """Write the weights as JSON (names sorted, values rounded to 6 decimals)."""
        data = {
            "about": dict(about or {}),
            "weights": {k: round(v, 6) for k, v in sorted(self.weights.items()) if round(v, 6)},
        }
        Path(path).write_text(
            json.dumps(data, indent=0, ensure_ascii=False) + "\n", encoding="utf-8"
        )

    def score(self, feats: Mapping[str, float]) -> float:
        """Dot product of ``feats`` with the weights (unknown features weigh 0)."""
        g = self.weights.get
        return sum([g(k, 0.0) * v for k, v in feats.items()])

    def best(self, lab: Labelled, rules_title: str | None, merged_title: str | None) -> str | None:
        """The highest-scoring candidate title of ``lab`` (cleaned text), or None when the
        string has no candidate; ties go to the earlier candidate."""
        sp = Spans(lab, rules_title, merged_title)
        cands = sp.candidates()
        start: dict[int, float] = {}
        end: dict[int, float] = {}
        pair = sp.pair_scorer(self)
        scored: list[tuple[float, int]] = []
        for i, c in enumerate(cands):
            a = start.get(c.start)
            if a is None:
                a = start[c.start] = self.score(sp.start_features(c.start))
            b = end.get(c.end)
            if b is None:
                b = end[c.end] = self.score(sp.end_features(c.end))
            scored.append((-(a + b + pair(c)), i))
        for _, i in sorted(scored):
            t = sp.text(cands[i])
            if _is_title(t) and not sp.implausible(cands[i], t):
                return t
        return None


@lru_cache(maxsize=1)
def default_ranker() -> TitleRanker:
    """The ranker of the weights shipped in this package (loaded once per process)."""
    ref = resources.files("citations.crf").joinpath(WEIGHTS_NAME)
    with resources.as_file(ref) as path:
        return TitleRanker.load(path)
