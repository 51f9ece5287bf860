"""Where Chinese Poker's cards lie for one seat's view: the seats round the table (the
viewer at the bottom, the others clockwise), the cut spread across the middle, the
three hands offered to two players, each seat's last play of the trick in front of it,
older discards on a pile in the middle, and the cards out of the deck in a corner.
Every card of the 52 has one placement; a card the viewer may not see has a key for
its place and no face."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from game.cards import Card
from game.engine.arrange import Box, Seat, fan, seats, spread
from game.engine.components import Placement
from game.rules import chinese_poker as C

CARD_W = 110.0
CARD_H = CARD_W * 1.4
TABLE = Box(0, 40, 1490, 975)  # the right of the screen holds the scores and buttons
CENTRE = TABLE.centre
RISE = 26.0  # a selected card stands this much higher
SMALL = 0.45  # cards out of play, in the corner
PILE = (CENTRE[0] - CARD_W * 0.35, CENTRE[1] - CARD_H * 0.35)
OUT_POS = (40.0, 120.0)
OUT_STEP = 28.0  # between two cards of the "Out of play" row
TIED_GAP = 24.0  # a tied cut's cards lie in that row too, this much apart from the rest
ASIDE_POS = (40.0, 250.0)  # two players: the hand no one took
CUT_Y = CENTRE[1] - CARD_H * 0.9  # the cut spread's row
CUT_GAP = 24.0  # a side seat's cut card: this far from its hand and from the spread
TOP_LABEL_W = 560.0  # the top seat's label room, centred: the side seats' rooms end short
LABEL_GAP = 16.0  # between two seats' label rooms, and a side seat's note and its hand


def sort_hand(hand: Sequence[Card], by: str) -> list[Card]:
    """The player's own order: by rank (3 up to the 2), or by combination (the biggest
    sets first, then by rank)."""
    if by == "combination":
        counts = Counter(c.rank for c in hand)
        return sorted(hand, key=lambda c: (-counts[c.rank], C.sort_key(c)))
    return sorted(hand, key=C.sort_key)


@dataclass(frozen=True, slots=True)
class Layout:
    """The viewer's seats in table order: ``places[k]`` is seat ``(viewer + k) % n``."""

    viewer: int
    places: tuple[Seat, ...]

    def place(self, seat: int) -> Seat:
        return self.places[(seat - self.viewer) % len(self.places)]


@dataclass(frozen=True, slots=True)
class LabelRoom:
    """How wide a seat's label may run, and where its note goes under it: a side seat's
    beside its hand's column, which starts just under the label."""

    width: float
    note_x: float
    note_align: str  # as a Label's
    note_width: float


def label_room(lay: Layout, seat: int) -> LabelRoom:
    """Rooms that never meet: the top seat's centred, the side seats' each from its edge
    to short of it (their rows are level with the top seat's note)."""
    place, sides = lay.place(seat), {p.side for p in lay.places}
    label = place.label
    if place.side in ("top", "bottom"):
        wide = place.side == "top" and "left" in sides
        width = TOP_LABEL_W if wide else place.hand.w
        return LabelRoom(width, label.x, "centre", width)
    middle = TOP_LABEL_W / 2 if "top" in sides else 0.0
    inset = label.x - TABLE.x if place.side == "left" else TABLE.right - label.x
    width = TABLE.w / 2 - middle - LABEL_GAP - inset
    if place.side == "left":
        x = place.hand.right + LABEL_GAP
        return LabelRoom(width, x, "left", width - (x - label.x))
    x = place.hand.x - LABEL_GAP
    return LabelRoom(width, x, "right", width - (label.x - x))


def layout_for(players: int, viewer: int) -> Layout:
    return Layout(viewer, tuple(seats(players, CARD_W, CARD_H, TABLE, rise=RISE,
                                      played_cards=6)))


def hand_order(view: C.View, by: str) -> list[Card]:
    return sort_hand(view.hand, by)


def placements(view: C.View, by: str = "rank", selected: Collection[str] = frozenset(),
               concealed: bool = False, can_act: bool = False,
               shown: Mapping[int, tuple[Card, ...]] | None = None) -> list[Placement]:
    """``concealed``: the viewer's hand lies face down (a hot seat between players);
    ``can_act``: the viewer may pick cards now; ``shown``: other seats' hands to lay
    face up (a replay after the match, from those seats' own views)."""
    lay = layout_for(view.players, view.seat)
    out = [Placement(c.uid, c.uid, OUT_POS[0] + i * OUT_STEP, OUT_POS[1], 1 + i, True, "out",
                     scale=SMALL) for i, c in enumerate(view.removed)]
    if view.phase == "cut" or (view.phase == "deal" and view.round == 0):
        return out + _cut(view, lay, can_act and view.phase == "cut")
    out += _hand(view, lay, by, selected, concealed, can_act and view.phase == "play")
    out += _others(view, lay, shown or {})
    out += _offered(view, can_act and view.phase == "choose")
    out += _trick(view, lay)
    return out


def cut_spot(lay: Layout, seat: int) -> tuple[float, float]:
    """Where ``seat``'s cut card lies: off the spread, on the seat's side of it. The
    bottom seat's played box is below the spread; a left or right seat's is level with it
    (its cut card lay on the spread), so that card lies between the seat's hand and the
    spread's end; the top seat's lies CUT_GAP above the spread, clear of the seat's label
    (which TV mode's bigger text draws further down: its played box touched it)."""
    place = lay.place(seat)
    if place.side == "left":
        return place.hand.right + CUT_GAP, CUT_Y
    if place.side == "right":
        return place.hand.x - CUT_GAP - CARD_W, CUT_Y
    if place.side == "top":
        return place.played.centre[0] - CARD_W / 2, CUT_Y - CUT_GAP - CARD_H
    return place.played.centre[0] - CARD_W / 2, place.played.y


def cut_spread_length(lay: Layout) -> float:
    """The spread's width: as wide as the table allows, clear of side seats' cut cards."""
    length = TABLE.w - 360
    for place in lay.places:
        if place.side == "left":
            inner = place.hand.right + CUT_GAP + CARD_W + CUT_GAP
            length = min(length, 2 * (CENTRE[0] - inner))
    return length


def _cut(view: C.View, lay: Layout, can_cut: bool) -> list[Placement]:
    out = []
    xs = spread(view.cut_left, CENTRE[0], cut_spread_length(lay), CARD_W, CARD_W * 0.3)
    for i, x in enumerate(xs):
        out.append(Placement(f"cut#{i}", None, x, CUT_Y, 100 + i, False, "cut",
                             interactive=can_cut))
    for seat, card in enumerate(view.cut):
        if card is not None:
            x, y = cut_spot(lay, seat)
            out.append(Placement(card.uid, card.uid, x, y, 300, True, f"played:{seat}"))
    # Out of play until the deal, and clear of the side seats' hands (ASIDE_POS is not).
    x = OUT_POS[0] + len(view.removed) * OUT_STEP + TIED_GAP
    for i, card in enumerate(view.cut_aside):
        out.append(Placement(card.uid, card.uid, x + i * OUT_STEP, OUT_POS[1], 20 + i,
                             True, "aside", scale=SMALL))
    return out


def _hand(view: C.View, lay: Layout, by: str, selected: Collection[str], concealed: bool,
          can_pick: bool) -> list[Placement]:
    cards = hand_order(view, by)
    place = lay.place(view.seat)
    picked = {i for i, c in enumerate(cards) if c.uid in selected}
    boxes = place.hand_fan(len(cards), picked, RISE).boxes
    return [Placement(c.uid, c.uid, b.x, b.y, 500 + i, not concealed, f"hand:{view.seat}",
                      interactive=can_pick and not concealed)
            for i, (c, b) in enumerate(zip(cards, boxes, strict=True))]


def _others(view: C.View, lay: Layout, shown: Mapping[int, tuple[Card, ...]]
            ) -> list[Placement]:
    out = []
    for seat in range(view.players):
        if seat == view.seat:
            continue
        place = lay.place(seat)
        cards = shown.get(seat)
        for i, b in enumerate(place.hand_fan(view.counts[seat]).boxes):
            card = cards[i].uid if cards else None
            out.append(Placement(card or f"h{seat}#{i}", card, b.x, b.y, 400 + i, bool(card),
                                 f"hand:{seat}", scale=place.scale, shadow=i == 0))
    return out


def offered_boxes(view: C.View) -> list[list[Box]]:
    """The three hands dealt to two players, side by side in the middle."""
    out = []
    for i, size in enumerate(view.offered):
        cx = CENTRE[0] + (i - 1) * 420
        out.append(list(fan(size, cx, CENTRE[1] + CARD_H * 0.7 / 2, CARD_W * 0.7, 360,
                            card_h=CARD_H * 0.7).boxes))
    return out


def _offered(view: C.View, can_choose: bool) -> list[Placement]:
    out = []
    taken = view.phase != "choose"
    for i, boxes in enumerate(offered_boxes(view)):
        for k, b in enumerate(boxes):
            x, y = (ASIDE_POS[0] + k * 2, ASIDE_POS[1]) if taken else (b.x, b.y)
            out.append(Placement(f"offer{i}#{k}", None, x, y, 50 + k, False, "offer",
                                 interactive=can_choose, scale=SMALL if taken else 0.7,
                                 shadow=k == 0))
    return out


def last_plays(view: C.View) -> dict[int, C.Turn]:
    """Each seat's latest turn in the trick (a play or a pass)."""
    return {turn.seat: turn for turn in view.trick}


def _trick(view: C.View, lay: Layout) -> list[Placement]:
    out = []
    shown: set[Card] = set()
    for seat, turn in last_plays(view).items():
        box = lay.place(seat).played
        n = len(turn.cards)
        xs = spread(n, box.centre[0], box.w, CARD_W * 0.8, CARD_W * 0.45)
        for i, (card, x) in enumerate(zip(turn.cards, xs, strict=True)):
            lead = card in view.table
            out.append(Placement(card.uid, card.uid, x, box.y, 300 + i + (50 if lead else 0),
                                 True, f"played:{seat}", scale=0.8))
            shown.add(card)
    pile = [c for c in view.played if c not in shown]
    for i, card in enumerate(pile):
        jitter = ((i * 37) % 11 - 5) * 1.5, ((i * 53) % 9 - 4) * 1.5
        out.append(Placement(card.uid, card.uid, PILE[0] + jitter[0], PILE[1] + jitter[1],
                             60 + i, True, "pile", scale=0.7, shadow=i == 0))
    return out
