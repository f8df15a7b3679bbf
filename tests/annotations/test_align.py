from __future__ import annotations

from annotations.align import Offset, align, locate, resolve_sentence_ref


def test_locate_in_order_and_repeated_text() -> None:
    text = "A is 1. A is 1. B is 2."
    assert locate(text, ["A is 1.", "A is 1.", "B is 2."]) == [
        Offset(0, 7),
        Offset(8, 15),
        Offset(16, 23),
    ]


def test_locate_tolerates_whitespace_differences() -> None:
    text = "Alpha is 1.\n\n- Beta  is 2."
    got = locate(text, ["Alpha is 1.", "Beta is\n2."])
    assert got[0] == Offset(0, 11)
    assert got[1] is not None and text[got[1].start : got[1].end] == "Beta  is 2."


def test_locate_missing_and_empty_pieces_are_none() -> None:
    assert locate("abc", ["zzz", "", "abc"]) == [None, None, Offset(0, 3)]


def test_locate_falls_back_to_earlier_text_when_out_of_order() -> None:
    assert locate("one. two.", ["two.", "one."]) == [Offset(5, 9), Offset(0, 4)]


def test_offset_overlap_and_iou_by_hand() -> None:
    a, b = Offset(0, 10), Offset(5, 15)
    assert a.overlap(b) == 5
    assert a.iou(b) == 5 / 15
    assert Offset(0, 3).iou(Offset(3, 6)) == 0.0


def test_identical_segmentations_align_one_to_one() -> None:
    al = align("x. y.", ["x.", "y."], ["x.", "y."])
    assert al.identity and al.gold_to_pred == (0, 1) and al.pred_to_gold == (0, 1)


def test_merged_prediction_covers_both_gold_sentences() -> None:
    answer = "Alpha is 1. Beta is 2. Gamma is 3."
    al = align(
        answer,
        ["Alpha is 1.", "Beta is 2.", "Gamma is 3."],
        ["Alpha is 1. Beta is 2.", "Gamma is 3."],
    )
    assert al.gold_to_pred == (0, 0, 1)
    # the merged sentence overlaps "Alpha is 1." by 11 characters and "Beta is 2." by 10
    assert al.pred_to_gold == (0, 2)
    assert al.gold_overlaps == ((0,), (0,), (1,))


def test_split_gold_sentence_takes_the_larger_piece() -> None:
    answer = "Alpha is 1 and beta is 2."
    al = align(answer, [answer], ["Alpha is 1", "and beta is 2."])
    assert al.gold_to_pred == (1,)  # 14 characters against 10
    assert al.gold_overlaps == ((0, 1),)
    assert al.pred_to_gold == (0, 0)


def test_unlocatable_prediction_stays_unaligned() -> None:
    al = align("Alpha is 1.", ["Alpha is 1."], ["Something else."])
    assert al.gold_to_pred == (None,) and al.pred_to_gold == (None,)


def test_resolve_sentence_ref_forms() -> None:
    assert resolve_sentence_ref("S1", 3) == 0
    assert resolve_sentence_ref(" s3 ", 3) == 2
    assert resolve_sentence_ref("2", 3) == 1
    assert resolve_sentence_ref("S4", 3) is None
    assert resolve_sentence_ref("S0", 3) is None
    assert resolve_sentence_ref("premise", 3) is None
