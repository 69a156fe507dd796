"""A realistic benchmark corpus: the logs of home games, a night of about twelve hands each.

The bulk corpus of ``bench.py`` is a few long sessions, which flatters the referee: the
reader learns a session's spellings in its first hands and reads the rest from its tables.
Hand-written logs are short files, each written its own way. Here (seeded, reproducible):

* *tables* (home games), each a folder of 1-6 nights (files) of 8-16 hands, with the
  table's house rules kept one of three ways: a YAML file next to the logs (``rules
  house.yaml``, the keys bare or under a ``bourre:`` / ``bid-euchre:`` section, sometimes
  with one ``option`` line of the night overriding it), ``option`` lines in every log, or
  none (the defaults);
* Bourré tables (about three in four) from :func:`tests.simulate.generate_session` with
  ``varied_spelling``: every hand written its own way (``10♥ jC KS td``, keyword case,
  colons, commas, ``fold``/``stand``, deal, decision, ante and settle lines, comments);
* Bid Euchre tables from :func:`euchre_night`, written here: random legal play, bids,
  ``ask`` exchanges, redeals when all pass, ``settle`` and running ``score`` lines (game to
  the target, then a new game), in the same varied spellings;
* comment lines between hands and after some tricks, as people write them.

Every hand is clean (no violation, every recorded amount right), so the referee does the
same kind of work as python-chess reading legal games; ``bench.py`` checks that the corpus
audits clean before timing it. House options are drawn only from the keys every version of
the referee since the first benchmark reads (no variants), so that ``--compare-with`` can
time an older checkout on the same files.

The Bid Euchre rules used to deal and play here (the bowers, following suit, the trick's
winner, the scoring) are written again from ``bid-euchre.md`` on purpose, so that the
corpus does not depend on the engine it is used to time.
"""

from __future__ import annotations

import hashlib
import random
import sys
from dataclasses import dataclass, fields
from decimal import Decimal
from pathlib import Path
from typing import Any

# The Bourré sessions come from the test oracle's generator (tests/simulate.py), which
# lives with the tests it serves: the checkout's root goes on the path for it.
_ROOT = str(Path(__file__).resolve().parents[1])
if _ROOT not in sys.path:
    sys.path.insert(0, _ROOT)

from referee.options import BourreOptions  # noqa: E402
from tests.simulate import generate_session, random_options  # noqa: E402

#: The Bourré option keys every benchmarked version reads (``BourreOptions`` fields).
CLASSIC_BOURRE_KEYS = (
    "ante", "limit", "limit_caps_winner", "hand_size", "head_trick", "head_when_trumped",
    "must_trump", "must_overtrump", "must_undertrump", "cinch", "dealer_plays_ace",
    "double_ante", "all_pass", "renege_penalty",
)  # fmt: skip

_SUITS = "shdc"
_EUCHRE_RANKS = "9TJQKA"
_EUCHRE_DECK = tuple(r + s for s in _SUITS for r in _EUCHRE_RANKS)
_SAME_COLOUR = {"s": "c", "c": "s", "h": "d", "d": "h"}
_SUIT_WORDS = {"s": "spades", "h": "hearts", "d": "diamonds", "c": "clubs"}
_SYMBOLS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
_HOLLOW = {"s": "♤", "h": "♡", "d": "♢", "c": "♧"}
_CARD_STYLES = ("plain", "plain", "lower", "upper", "swapped", "ten", "symbol", "hollow", "mixed")
_NAMES = (
    "marge", "walt", "joyce", "hank", "ray", "lou", "dot", "gus", "bev", "earl", "fay",
    "cliff", "Renée", "o'neil", "mary-jo", "zoë", "Émile", "tex", "babs", "del",
)  # fmt: skip
_COMMENTS = (
    "# pizza came",
    "# hank's deal was slow",
    "# new deck",
    "# checked the pot twice",
    "# Ray arrived late",
    "# break",
)
_TRICK_COMMENTS = ("  # close one", "   # led from the top", "  # nice", "  # ouch")


@dataclass(frozen=True, slots=True)
class RealisticCorpus:
    """What :func:`make_realistic_corpus` wrote: counts and a digest of every file."""

    files: int
    rules_files: int
    bourre_hands: int
    euchre_hands: int
    plays: int
    digest: str

    @property
    def hands(self) -> int:
        """Hands of both games."""
        return self.bourre_hands + self.euchre_hands


# ----------------------------------------------------------------------------- writing


@dataclass(slots=True)
class _Style:
    """How one hand is written: cards, keyword case, colons, commas, names."""

    rng: random.Random
    cards: str
    case: str
    colon: str
    comma: str
    names: str

    @classmethod
    def draw(cls, rng: random.Random) -> _Style:
        return cls(
            rng,
            rng.choice(_CARD_STYLES),
            rng.choice(("lower", "lower", "lower", "title", "upper")),
            ":" if rng.random() < 0.5 else "",
            ", " if rng.random() < 0.5 else " ",
            rng.choice(("as", "as", "as", "lower", "upper", "title")),
        )

    def kw(self, word: str) -> str:
        if self.case == "upper":
            return word.upper()
        return word.capitalize() if self.case == "title" else word

    def name(self, name: str) -> str:
        if self.names == "lower":
            return name.lower()
        if self.names == "upper":
            return name.upper()
        return name[:1].upper() + name[1:] if self.names == "title" else name

    def card(self, card: str) -> str:
        style = self.cards
        if style == "mixed":
            style = self.rng.choice(_CARD_STYLES[:-1])
        rank, suit = card[0], card[1]
        ten = "10" if rank == "T" else rank
        return {
            "plain": card,
            "lower": card.lower(),
            "upper": card.upper(),
            "swapped": rank.lower() + suit.upper(),
            "ten": ten + suit,
            "symbol": ten + _SYMBOLS[suit],
            "hollow": ten + _HOLLOW[suit],
        }[style]

    def suit(self, suit: str) -> str:
        x = self.rng.random()
        if x < 0.25:
            return _SYMBOLS[suit]
        if x < 0.35:
            return _SUIT_WORDS[suit][:-1]
        return self.kw(_SUIT_WORDS[suit]) if x < 0.9 else suit

    def team(self, a: str, b: str) -> str:
        pair = (a, b) if self.rng.random() < 0.8 else (b, a)
        return "+".join(self.name(p) for p in pair)


# ----------------------------------------------------------------------------- Bid Euchre


def _suit_of(card: str, trump: str) -> str:
    """The suit a card follows: the left bower is a trump."""
    return trump if card[0] == "J" and card[1] == _SAME_COLOUR[trump] else card[1]


def _trump_rank(card: str, trump: str) -> int:
    """Right bower, left bower, then A K Q T 9 of trump (higher is better); -1: no trump."""
    if card == "J" + trump:
        return 10
    if card == "J" + _SAME_COLOUR[trump]:
        return 9
    return "9TQKA".index(card[0]) if card[1] == trump else -1


def _strength(card: str, led: str, trump: str) -> int:
    if _suit_of(card, trump) == trump:
        return 100 + _trump_rank(card, trump)
    return _EUCHRE_RANKS.index(card[0]) if card[1] == led else -1


#: The Bid Euchre options drawn here, with their defaults (``bid-euchre.md``).
EUCHRE_DEFAULTS: dict[str, int | str | bool] = {
    "target": 32, "min_bid": 3, "first_bidder": "left", "first_lead": "bidder",
    "stick_the_dealer": False, "ask_made": 12, "moon_made": 24, "ask_failed": 6,
    "moon_failed": 6,
}  # fmt: skip


@dataclass(slots=True)
class _EuchreTable:
    """A Bid Euchre table's seats and house options (those that differ from the defaults)."""

    seats: tuple[str, ...]
    options: dict[str, int | str | bool]

    def get(self, key: str) -> int | str | bool:
        return self.options.get(key, EUCHRE_DEFAULTS[key])

    def number(self, key: str) -> int:
        return int(self.get(key))


def _euchre_options(rng: random.Random) -> dict[str, int | str | bool]:
    """A table's house options (only those that differ from the defaults; often none)."""
    if rng.random() < 0.3:
        return {}
    drawn: dict[str, int | str | bool] = {
        "target": rng.choice((32, 32, 21, 50)),
        "min_bid": rng.choice((3, 3, 4)),
        "first_bidder": rng.choice(("left", "left", "dealer")),
        "first_lead": rng.choice(("bidder", "bidder", "left")),
        "stick_the_dealer": rng.random() < 0.3,
        "ask_made": rng.choice((12, 12, 8)),
        "moon_made": rng.choice((24, 24, 16)),
        "moon_failed": rng.choice((6, 6, 12)),
    }
    return {k: v for k, v in drawn.items() if v != EUCHRE_DEFAULTS[k]}


def _auction(
    rng: random.Random, table: _EuchreTable, dealer: int
) -> tuple[list[tuple[int, str]], int | None, str | None]:
    """The bids in turn ((seat, bid) with ``pass``), the high bidder's seat and bid."""
    ladder = ["3", "4", "5", "6", "ask", "moon"]
    order = [(dealer + k) % 4 for k in range(4)]
    order = order if table.get("first_bidder") == "dealer" else [*order[1:], order[0]]
    high = ladder.index(str(table.get("min_bid"))) - 1
    bids: list[tuple[int, str]] = []
    bidder: int | None = None
    for seat in order:
        stuck = seat == dealer == order[-1] and bidder is None
        must = stuck and table.get("stick_the_dealer") is True
        if high + 1 < len(ladder) and (must or rng.random() < 0.35):
            high = min(len(ladder) - 1, high + 1 + (rng.random() < 0.25))
            if rng.random() < 0.05:
                high = max(high, len(ladder) - 2)
            bidder = seat
            bids.append((seat, ladder[high]))
        else:
            bids.append((seat, "pass"))
    return bids, bidder, None if bidder is None else ladder[high]


def _play_tricks(
    rng: random.Random, hands: dict[int, list[str]], trump: str, leader: int
) -> list[tuple[list[tuple[int, str]], int]]:
    """Six tricks of random legal cards, each with its winner, who leads the next."""
    seats = sorted(hands)
    tricks = []
    for _ in range(6):
        start = seats.index(leader)
        trick: list[tuple[int, str]] = []
        led = ""
        for seat in seats[start:] + seats[:start]:
            follow = [c for c in hands[seat] if led and _suit_of(c, trump) == led]
            card = rng.choice(follow or hands[seat])
            hands[seat].remove(card)
            led = led or _suit_of(card, trump)
            trick.append((seat, card))
        leader = max(trick, key=lambda play: _strength(play[1], led, trump))[0]
        tricks.append((trick, leader))
    return tricks


def _points(table: _EuchreTable, bidder: int, bid: str, took: list[int]) -> list[int]:
    """Each team's points (team 0: seats 1 and 3) for tricks ``took``."""
    side, other = bidder % 2, 1 - bidder % 2
    points = [0, 0]
    made = took[side] == 6
    if bid in ("ask", "moon"):
        points[side] = table.number(bid + "_made") if made else -table.number(bid + "_failed")
    else:
        points[side] = took[side] if took[side] >= int(bid) else -int(bid)
    points[other] = took[other]
    return points


def euchre_night(rng: random.Random, table: _EuchreTable, hands: int) -> tuple[list[str], int]:
    """A night's hand lines (from the blank line before ``hand 1``) and its cards played.

    The night is a new game at 0-0; a game ends after a hand in which a side reaches the
    target (on equal scores play goes on), and the next starts at 0-0. A writer who keeps
    ``deal``, ``settle`` or ``score`` lines does so all night, as people do; the spelling
    varies from hand to hand.
    """
    deals, settles, scores = (rng.random() < p for p in (0.3, 0.5, 0.6))
    seats = table.seats
    dealer = rng.randrange(4)
    score = [0, 0]
    lines: list[str] = []
    plays = 0
    for number in range(1, hands + 1):
        w = _Style.draw(rng)
        lines += ["", f"{w.kw('hand')} {number}"]
        if number == 1 or rng.random() < 0.4:
            lines.append(f"{w.kw('dealer')}{w.colon} {w.name(seats[dealer])}")
        cards = list(_EUCHRE_DECK)
        rng.shuffle(cards)
        dealt = {(dealer + 1 + k) % 4: cards[6 * k : 6 * k + 6] for k in range(4)}
        if deals:
            for seat in sorted(dealt):
                lines.append(f"{w.kw('deal')} {w.name(seats[seat])} {_cards(w, dealt[seat])}")
        bids, bidder, bid = _auction(rng, table, dealer)
        trump = "" if bidder is None else _longest_suit(dealt[bidder])
        for seat, said in bids:
            if said != "pass" or rng.random() < 0.9:  # a pass is sometimes left out
                lines.append(f"{w.kw('bid')} {w.name(seats[seat])} {w.kw(said)}")
            if seat == bidder and said.isdigit() and rng.random() < 0.2:
                lines[-1] += f" {w.kw(_SUIT_WORDS[trump])}"  # `bid ann 4 hearts`
        if bidder is not None and bid is not None:
            played, took = _contract(rng, w, table, lines, dealt, dealer, bidder, bid, trump)
            plays += played
            points = _points(table, bidder, bid, took)
            score = [score[0] + points[0], score[1] + points[1]]
            if settles:
                lines.append(f"{w.kw('settle')} {_teams(w, seats, points)}")
            if scores:
                lines.append(f"{w.kw('score')} {_teams(w, seats, score)}")
            if max(score) >= table.number("target") and score[0] != score[1]:
                score = [0, 0]  # the game is over: the next hand starts a new one
        dealer = (dealer + 1) % 4
    return lines, plays


def _contract(
    rng: random.Random,
    w: _Style,
    table: _EuchreTable,
    lines: list[str],
    dealt: dict[int, list[str]],
    dealer: int,
    bidder: int,
    bid: str,
    trump: str,
) -> tuple[int, list[int]]:
    """Play a hand that was bid and write its trump, ``ask`` exchange and tricks; return the
    cards played and the tricks each team took (team 0: seats 1 and 3)."""
    seats = table.seats
    lines.append(f"{w.kw('trump')}{w.colon} {w.suit(trump)}")
    hands = {seat: list(cs) for seat, cs in dealt.items()}
    partner = (bidder + 2) % 4
    if bid == "ask":  # the bidder gives a card and gets the partner's best trump
        given = rng.choice(hands[bidder])
        back = max(hands[partner], key=lambda c: _trump_rank(c, trump))
        hands[bidder].remove(given)
        hands[bidder].append(back)
        lines.append(
            f"{w.kw('exchange')} {w.name(seats[bidder])} {w.card(given)} "
            f"{w.name(seats[partner])} {w.card(back)}"
        )
    if bid in ("ask", "moon"):
        del hands[partner]
    leader = bidder
    if table.get("first_lead") == "left":
        leader = next((dealer + k) % 4 for k in range(1, 5) if (dealer + k) % 4 in hands)
    took = [0, 0]
    numbered = rng.random() < 0.85
    plays = 0
    for n, (trick, winner) in enumerate(_play_tricks(rng, hands, trump, leader), 1):
        head = f"{w.kw('trick')} {n}{w.colon}" if numbered else f"{w.kw('trick')}{w.colon}"
        cards = w.comma.join(f"{w.name(seats[s])} {w.card(c)}" for s, c in trick)
        lines.append(f"{head} {cards}")
        took[winner % 2] += 1
        plays += len(trick)
    return plays, took


def _longest_suit(cards: list[str]) -> str:
    """The suit the bidder names: the one with the most cards counted as trump."""
    return max(_SUITS, key=lambda s: sum(_suit_of(c, s) == s for c in cards))


def _cards(w: _Style, cards: list[str]) -> str:
    return " ".join(w.card(c) for c in cards)


def _teams(w: _Style, seats: tuple[str, ...], values: list[int]) -> str:
    """``ann+cy 4 bob+dee 2``, in either order, each team's partners in either order."""
    a = f"{w.team(seats[0], seats[2])} {values[0]}"
    b = f"{w.team(seats[1], seats[3])} {values[1]}"
    return f"{a} {b}" if w.rng.random() < 0.7 else f"{b} {a}"


# ----------------------------------------------------------------------------- Bourré


def _bourre_options(rng: random.Random) -> BourreOptions:
    """A table's house options: :func:`tests.simulate.random_options`, the classic keys."""
    drawn = random_options(rng)
    return BourreOptions(**{k: getattr(drawn, k) for k in CLASSIC_BOURRE_KEYS})


def _changed(options: BourreOptions, default: BourreOptions) -> dict[str, Any]:
    """The options that differ from the defaults, in the dataclass's order."""
    names = [f.name for f in fields(options)]
    return {k: getattr(options, k) for k in names if getattr(options, k) != getattr(default, k)}


def bourre_night(rng: random.Random, options: BourreOptions, hands: int) -> tuple[list[str], int]:
    """A night of Bourré as log lines (its header first, with its ``option`` lines) and
    its cards played."""
    session = generate_session(
        rng,
        players=rng.choice((3, 4, 4, 5, 5, 5, 6, 6, 7)),
        hands=hands,
        options=options,
        detail="mixed",
        retractions=False,
        early_rate=0,
        varied_spelling=True,
    )
    plays = sum(len(t) for h in session.hands for t in h.tricks)
    text = session.text.lstrip("\ufeff").replace("\r\n", "\n")  # (line ends: the caller's)
    return text.split("\n")[:-1], plays


# ----------------------------------------------------------------------------- the corpus


def _value_text(value: object) -> str:
    """An option's value as an ``option`` line or a YAML file writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def _yaml(game: str, options: dict[str, Any], rng: random.Random) -> str:
    """A house-rules file: the keys bare or under the game's section."""
    head = ["# our house rules"] if rng.random() < 0.5 else []
    if rng.random() < 0.3:
        section = "bourre" if game == "bourre" else "bid-euchre"
        return (
            "\n".join(
                [*head, f"{section}:", *(f"  {k}: {_value_text(v)}" for k, v in options.items())]
            )
            + "\n"
        )
    return "\n".join([*head, *(f"{k}: {_value_text(v)}" for k, v in options.items())]) + "\n"


def make_realistic_corpus(folder: Path, hands: int, seed: int) -> RealisticCorpus:
    """Write about ``hands`` hands of home games into ``folder`` (seeded): ``table-NNN/``
    folders of ``night-NN.hlog`` files (and ``house.yaml`` where a table keeps one)."""
    rng = random.Random(seed)
    _clear(folder)
    written: list[Path] = []
    counts = {"bourre": 0, "bid-euchre": 0}
    plays = table = 0
    while sum(counts.values()) < hands:
        game = "bourre" if rng.random() < 0.75 else "bid-euchre"
        house = _house_options(rng, game)
        keeping = rng.choice(("yaml", "options", "none")) if house else "none"
        if keeping == "none":
            house = {}
        place = folder / f"table-{table:03d}"
        place.mkdir(parents=True)
        if keeping == "yaml":
            written.append(place / "house.yaml")
            written[-1].write_text(_yaml(game, house, rng), encoding="utf-8")
        seats = tuple(rng.sample(_NAMES, 4))
        for night in range(rng.randint(1, 6)):
            size = min(rng.randint(8, 16), hands - sum(counts.values()))
            if size < 1:
                break
            override = _override(rng, game, house) if keeping == "yaml" else {}
            options = house | override
            if game == "bourre":
                lines, played = bourre_night(rng, _bourre_of(options), size)
            else:
                euchre = _EuchreTable(seats, options)
                body, played = euchre_night(rng, euchre, size)
                lines = _euchre_header(rng, seats, options) + body
            end = lines.index("")  # the header: up to the blank line before hand 1
            if keeping == "yaml":
                lines[:end] = [
                    *(ln for ln in lines[:end] if not ln.startswith("option ")),
                    "rules: house.yaml" if rng.random() < 0.3 else "rules house.yaml",
                    *(f"option {k} {_value_text(v)}" for k, v in override.items()),
                ]
            written.append(place / f"night-{night:02d}.hlog")
            written[-1].write_bytes(_log_text(rng, lines).encode("utf-8"))
            counts[game] += size
            plays += played
        table += 1
    return RealisticCorpus(
        files=sum(p.suffix == ".hlog" for p in written),
        rules_files=sum(p.suffix == ".yaml" for p in written),
        bourre_hands=counts["bourre"],
        euchre_hands=counts["bid-euchre"],
        plays=plays,
        digest=_digest(folder, written),
    )


def _house_options(rng: random.Random, game: str) -> dict[str, Any]:
    """A table's house options, those that differ from the defaults (often none)."""
    if game == "bourre":
        return _changed(_bourre_options(rng), BourreOptions())
    return dict(_euchre_options(rng))


def _bourre_of(options: dict[str, Any]) -> BourreOptions:
    return BourreOptions(**options)


def _override(rng: random.Random, game: str, house: dict[str, Any]) -> dict[str, Any]:
    """Sometimes one ``option`` line of the night that overrides the table's YAML file."""
    if rng.random() >= 0.3:
        return {}
    if game == "bourre":
        ante = house.get("ante", Decimal(1))
        return {
            "ante": rng.choice([a for a in (Decimal("0.50"), Decimal(1), Decimal(2)) if a != ante])
        }
    target = house.get("target", 32)
    return {"target": rng.choice([t for t in (21, 32, 50) if t != target])}


def _euchre_header(
    rng: random.Random, seats: tuple[str, ...], options: dict[str, Any]
) -> list[str]:
    return [
        "game bid_euchre" if rng.random() < 0.2 else "game bid-euchre",
        "players " + " ".join(seats),
        *(f"option {k} {_value_text(v)}" for k, v in options.items()),
    ]


def _log_text(rng: random.Random, lines: list[str]) -> str:
    """The file's text: the lines with a comment and a date line in some headers, comments
    between some hands and after some tricks, and now and then ``\\r\\n`` or a BOM."""
    out: list[str] = []
    for i, line in enumerate(lines):
        if line.startswith("players ") and rng.random() < 0.4:
            out.append(line)
            line = f"date 2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        elif i == 1 and rng.random() < 0.5:
            out.append("# " + rng.choice(("Friday night", "at Ray's", "the usual crowd")))
        elif not line and rng.random() < 0.06:
            out += ["", rng.choice(_COMMENTS)]
        elif line.lstrip().lower().startswith("trick") and rng.random() < 0.03:
            line += rng.choice(_TRICK_COMMENTS)
        out.append(line)
    text = "\n".join(out) + "\n"
    x = rng.random()
    return text.replace("\n", "\r\n") if x < 0.05 else "\ufeff" + text if x < 0.08 else text


def _clear(folder: Path) -> None:
    """Empty a reused work folder of the corpus it held (only what this module writes)."""
    for place in folder.glob("table-*"):
        for old in [*place.glob("night-*.hlog"), *place.glob("house.yaml")]:
            old.unlink()
        place.rmdir()
    folder.mkdir(parents=True, exist_ok=True)


def _digest(folder: Path, written: list[Path]) -> str:
    """A SHA-256 of every file's path and bytes: the same seed gives the same digest."""
    digest = hashlib.sha256()
    for path in sorted(written):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()
