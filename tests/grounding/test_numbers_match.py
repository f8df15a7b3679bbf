"""Tests for grounding.numbers_match: claimed numbers (with bounds, scopes, ranges) against
evidence numbers -> agree / disagree (with the correction) / not comparable."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from grounding.numbers_match import Bound, Claim, Scope, Verdict, match, match_text, read_claims
from grounding.quantities import extract_quantities
from tests.conftest import load_cases

_LABEL = {"supported": Verdict.AGREE, "contradicted": Verdict.DISAGREE}


def _verdict(sentence: str, evidence: str) -> Verdict:
    """One verdict for a sentence: disagree if any number disagrees, agree if every
    comparable number agrees and at least one does, else not comparable."""
    got = [m.verdict for m in match_text(sentence, evidence)]
    if Verdict.DISAGREE in got:
        return Verdict.DISAGREE
    if Verdict.AGREE in got:
        return Verdict.AGREE
    return Verdict.NOT_COMPARABLE


# --- cases from public bug reports (component "numbers") ------------------------------------


def test_c10_bounds_and_quantifiers_over_several_values() -> None:
    case = load_cases("numbers")["C10"]
    evidence = case["input"]["evidence"]
    for claim, label, why in zip(
        case["input"]["claims"],
        case["expected"]["labels"],
        case["expected"]["reasons"],
        strict=True,
    ):
        assert _verdict(claim, evidence) == _LABEL[label], (claim, why)


def test_c10_corrections_name_the_refuting_value() -> None:
    case = load_cases("numbers")["C10"]
    evidence = case["input"]["evidence"]
    (above,) = match_text("Every group scored above 85%.", evidence)
    assert (above.claim.bound, above.claim.scope) == (Bound.GT, Scope.ALL)
    assert above.correction == "85%"
    (exceeded,) = match_text("Response rates exceeded 45% in both arms.", evidence)
    assert exceeded.correction == "41%"


def test_c11_ranges_keep_their_endpoints() -> None:
    case = load_cases("numbers")["C11"]
    evidence = " ".join(case["input"]["evidence"])
    for claim, label in zip(case["input"]["claims"], case["expected"]["labels"], strict=True):
        assert _verdict(claim, evidence) == _LABEL[label], claim
    (cores,) = match_text("Cores were kept at 80 °C.", evidence)
    assert cores.correction == "-80 to -20 °C"
    (low,) = match_text("The lowest beam energy was 12.9 TeV.", evidence)
    assert low.evidence is not None and low.evidence.value == 12.8


# --- the kinds behind the cases, on other strings -------------------------------------------

_KINDS = [
    # rounding by the claim's written precision
    ("The average was 79.9.", "The average is 79.94.", Verdict.AGREE),
    ("The average was 80%.", "The average is 79.94%.", Verdict.AGREE),
    ("The average was about 80.", "The average is 79.94.", Verdict.AGREE),
    ("The average was 80.", "The average is 79.94.", Verdict.DISAGREE),  # integers do not round
    ("The average was 79.8.", "The average is 79.94.", Verdict.DISAGREE),
    # percent vs fraction, parts of a whole, percentage points
    ("Accuracy was 45%.", "Accuracy was 0.45.", Verdict.AGREE),
    ("Accuracy was 0.45.", "Accuracy was 45%.", Verdict.AGREE),
    ("Accuracy was 54%.", "Accuracy was 0.45.", Verdict.DISAGREE),
    ("60% of runs converged.", "3/5 runs converged.", Verdict.AGREE),
    ("80% of runs converged.", "3 of 5 runs converged.", Verdict.DISAGREE),
    ("Accuracy rose by 5%.", "Accuracy rose by 5 percentage points.", Verdict.NOT_COMPARABLE),
    ("Accuracy rose by 5 pp.", "Accuracy rose by 5 percentage points.", Verdict.AGREE),
    # multipliers, fold changes and ratios
    ("They resolve 380.5 million links.", "We resolve 380.5M links.", Verdict.AGREE),
    ("They resolve 38.05 million links.", "We resolve 380.5M links.", Verdict.DISAGREE),
    ("It is 5 times faster.", "It is fivefold faster.", Verdict.AGREE),
    ("It is 10 times faster.", "It is 5 times faster.", Verdict.DISAGREE),
    ("It gave a four-fold gain.", "It gave a ∼4-fold gain.", Verdict.AGREE),
    ("It gave a 4x gain.", "It gave a 4-fold gain.", Verdict.AGREE),
    # units: a few that convert, others that never compare
    ("Latency was 500 ms.", "Latency was 0.5 s.", Verdict.AGREE),
    ("Latency was 400 ms.", "Latency was 0.5 s.", Verdict.DISAGREE),
    ("The sensor read 21 °C.", "The sensor stood 21 m away.", Verdict.NOT_COMPARABLE),
    ("Add 2 mM NaCl.", "Add 2000 µM NaCl.", Verdict.AGREE),
    # orders of magnitude
    ("Billions of tokens were used.", "We used 3.2M tokens.", Verdict.DISAGREE),
    ("Millions of tokens were used.", "We used 3.2M tokens.", Verdict.AGREE),
    # ranges in claim and evidence
    ("Rates were 30-40%.", "Rates were 30–40%.", Verdict.AGREE),
    ("Rates were 30-45%.", "Rates were 30–40%.", Verdict.DISAGREE),
    ("The dose was 12 mg/kg.", "Rats received 10-15 mg/kg daily.", Verdict.NOT_COMPARABLE),
    ("The dose was 20 mg/kg.", "Rats received 10-15 mg/kg daily.", Verdict.DISAGREE),
    ("All doses were between 5 and 20 mg/kg.", "Rats received 10-15 mg/kg.", Verdict.AGREE),
    # numbers as papers write them
    ("The sample had 10,395 patients.", "The sample had 10\u2009395 patients.", Verdict.AGREE),
    ("The sample had 10,359 patients.", "The sample had 10\u2009395 patients.", Verdict.DISAGREE),
    ("The rate was 3.1e-3.", "The rate was 3.1 × 10⁻³.", Verdict.AGREE),
    ("The rate was 3.2e-3.", "The rate was 3.1 × 10⁻³.", Verdict.DISAGREE),
    ("The effect was significant (p < 0.01).", "We found p = 0.003.", Verdict.AGREE),
    ("The effect was significant (p < 0.001).", "We found p = 0.003.", Verdict.DISAGREE),
]


def test_no_comparable_evidence_is_not_a_disagreement() -> None:
    (m,) = match_text("The sensor read 21 °C.", "Nothing numeric here.")
    assert m.verdict == Verdict.NOT_COMPARABLE and m.correction is None


def test_read_claims_bounds_and_scopes() -> None:
    claims = read_claims("All three groups scored between 80% and 90%.")
    between = claims[-1]
    assert (between.bound, between.scope, between.low, between.high) == (
        Bound.BETWEEN,
        Scope.ALL,
        80.0,
        90.0,
    )
    (never,) = read_claims("The daily dose never exceeded 15 mg/kg.")
    assert (never.bound, never.scope) == (Bound.LE, Scope.ALL)
    (low,) = read_claims("Samples were stored at temperatures as low as -78 °C.")
    assert (low.bound, low.scope) == (Bound.EXACT, Scope.MIN)
    (about,) = read_claims("Chamber humidity was about 62%.")
    assert about.bound == Bound.ABOUT
    assert read_claims("See Table 2 (2019).") == []


@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=1, max_value=3))
def test_a_value_agrees_with_itself_and_not_with_a_changed_digit(value: int, decimals: int) -> None:
    written = f"{value / 10**decimals:.{decimals}f}"
    q = [x for x in extract_quantities(f"scored {written} points") if x.checkable][0]
    assert match(Claim(q), [q]).verdict == Verdict.AGREE
    changed = f"{(value + 7) / 10**decimals:.{decimals}f}"
    other = [x for x in extract_quantities(f"scored {changed} points") if x.checkable][0]
    result = match(Claim(q), [other])
    assert result.verdict == Verdict.DISAGREE and result.correction == changed


#: Kinds found reading the false alarms on Check-COVID claims (bench/numbers_checkcovid.py).
_THIRD_PARTY_KINDS = [
    # a claim with a unit is not refuted by a bare number that may measure something else
    ("The trial enrolled 110 patients.", "The odds ratio was 6.0.", Verdict.NOT_COMPARABLE),
    ("Risk climbs at around age 55.", "53% of ICU admissions were older.", Verdict.NOT_COMPARABLE),
    ("The trial enrolled 110 patients.", "We enrolled 112 patients.", Verdict.DISAGREE),
    # dates are not quantities
    ("It was published on May 15.", "It rose by 10 points.", Verdict.NOT_COMPARABLE),
    # evidence that is itself a bound
    ("Less than 10 percent had antibodies.", "Fewer than 10% had antibodies.", Verdict.AGREE),
    (
        "They had antibodies for 18 months.",
        "Antibody was detected for >18 months.",
        Verdict.NOT_COMPARABLE,
    ),
    (
        "They had antibodies for 12 months.",
        "Antibody was detected for >18 months.",
        Verdict.DISAGREE,
    ),
    # loose but honest readings
    ("The odds are about 20 times higher.", "The odds were 18.7 times greater.", Verdict.AGREE),
    ("Only a third had a fever.", "At triage, 30.7% were febrile.", Verdict.AGREE),
    ("About 1 in 4 had a clot.", "The incidence was 25% (20/81).", Verdict.AGREE),
    ("Rates were 10-20%.", "The attack rate was 12·4%.", Verdict.AGREE),
]

#: Kinds found checking sentences of the papers against themselves (bench/numbers_selfcheck.py).
_SELF_KINDS = [
    # a superlative scopes only the value it links to, not every number near it
    (
        "The largest sample size from (1) and (2) was 714.",
        "The largest sample size from (1) and (2) was 714.",
        Verdict.AGREE,
    ),
    (
        "The lower 95% bound of specificity is at least 70%.",
        "The lower 95% bound of specificity is at least 70%.",
        Verdict.AGREE,
    ),
    (
        "A collection covering dozens of fields.",
        "A collection7 with 81.1M papers.",
        Verdict.NOT_COMPARABLE,
    ),
    # two parts of wholes compare as ratios
    ("3/5 runs converged.", "6/10 runs converged.", Verdict.AGREE),
    ("1/5 runs converged.", "1/4 runs converged.", Verdict.DISAGREE),
]


@pytest.mark.parametrize(
    ("claim", "evidence", "verdict"), _KINDS + _THIRD_PARTY_KINDS + _SELF_KINDS
)
def test_kinds(claim: str, evidence: str, verdict: Verdict) -> None:
    assert _verdict(claim, evidence) == verdict
