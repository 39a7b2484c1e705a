"""The numbered tags of a report picture: above their point when there is room, moved to the
nearest free place (never over another tag or another finding's mark, never out of the
picture) when findings lie close together."""

from __future__ import annotations

import itertools

from scaninbox.qc.tag_layout import Box, place_tags

PICTURE = (1000, 760)
SIZE = (20.0, 25.0)  # a one-digit tag at the report's font size, in pixels


def _apart(boxes: list[Box]) -> bool:
    return all(a.overlap(b) == 0.0 for a, b in itertools.combinations(boxes, 2))


def test_a_lone_tag_sits_right_above_its_point() -> None:
    (tag,) = place_tags([(500.0, 300.0)], [SIZE], lift=20, mark_px=8, picture=PICTURE)
    assert not tag.moved
    assert tag.box == Box(490.0, 320.0, 20.0, 25.0)


def test_tags_of_findings_a_few_pixels_apart_do_not_overlap() -> None:
    anchors = [(500.0, 300.0), (506.0, 302.0)]  # 1 mm apart at the report's scale
    first, second = place_tags(anchors, [SIZE, SIZE], lift=20, mark_px=8, picture=PICTURE)
    assert not first.moved
    assert second.moved  # the place above was the first tag's
    assert first.box.overlap(second.box) == 0.0
    # Nearby: within a few tag sizes of its point.
    x, y = second.anchor
    nx, ny = second.box.nearest(x, y)
    assert ((nx - x) ** 2 + (ny - y) ** 2) ** 0.5 < 60


def test_a_crowd_of_tags_stays_apart_inside_the_picture_and_off_the_other_marks() -> None:
    anchors = [(30.0 + 4 * i, 740.0 - 3 * i) for i in range(12)]  # a corner, all but on top
    mark_px = 6.0
    tags = place_tags(anchors, [SIZE] * len(anchors), lift=20, mark_px=mark_px, picture=PICTURE)
    boxes = [t.box for t in tags]
    assert _apart(boxes)
    for box in boxes:
        assert box.x >= 0
        assert box.y >= 0
        assert box.x + box.w <= PICTURE[0]
        assert box.y + box.h <= PICTURE[1]
    for i, tag in enumerate(tags):
        for j, (x, y) in enumerate(anchors):
            mark = Box(x - mark_px, y - mark_px, 2 * mark_px, 2 * mark_px)
            if i != j:
                assert tag.box.overlap(mark) == 0.0, (i, j)


def test_the_leader_line_meets_the_tag_at_its_nearest_point() -> None:
    box = Box(10.0, 20.0, 20.0, 25.0)
    assert box.nearest(0.0, 0.0) == (10.0, 20.0)
    assert box.nearest(15.0, 100.0) == (15.0, 45.0)
    assert box.nearest(15.0, 30.0) == (15.0, 30.0)  # inside: no line
