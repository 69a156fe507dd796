"""Slips in writing a Bourré log, on generated sessions: the verdicts move only as the
contract says they do.

(a) *An exchange the log does not size.* A clean generated session (or one with illegal
plays) is rewritten: one player's listed discards become ``discard N``, or the decision
line of a player who played is left out (they still appear in every trick). What the log
shows is then less, and the contract says exactly what follows: the cinch is judged from
what the log shows (own discards as listed, or from the deal; none once the exchanges the
log does not size, each counted as ``hand_size`` cards, could have emptied the stock). The
oracle (:func:`tests.simulate.judge_logged_plays`, independent of the engine) judges the
hand's plays again under the rewritten detail; the referee must find exactly that, and
where nothing the cinch needs is lost (the player's deal is written) exactly the findings of
the session as generated. Every other hand is unchanged; the money follows the findings.

(b) *An early line.* One decision line is moved before the line of a player due earlier:
exactly one ``BR-DECIDE-ORDER`` for that player in that hand (with its ``early_penalty``,
and the deal skipping them once), plus ``BR-DRAW`` on the same line when the moved line
also draws one card too few; every other finding unchanged; the money and the later hands'
dealers as the contract gives them.

Seeded: every run judges the same logs.
"""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal

import pytest

from referee.options import BourreOptions
from referee.report import BourreHandResult
from tests.bourre_helpers import audit_bourre
from tests.simulate import (
    ILLEGAL_RULES,
    ExpectedHand,
    ExpectedViolation,
    GeneratedSession,
    _Money,
    _next_dealer,
    _settle,
    _stock_may_be_gone,
    generate_session,
    judge_logged_plays,
    random_options,
)

Key = tuple[str, str | None, int | None, str | None, bool]
_DECIDE_WORDS = {"play", "stand", "pass", "fold"}


def _keys(violations: list[ExpectedViolation]) -> list[Key]:
    return sorted((v.rule, v.player, v.trick, v.card, v.corrected) for v in violations)


def _found(result: BourreHandResult) -> list[Key]:
    return sorted((v.rule, v.player, v.trick, v.card, v.corrected) for v in result.violations)


def _decision_at(text_lines: list[str], hand: ExpectedHand, player: str) -> int:
    """The index (in the log's lines) of ``player``'s decision line in ``hand``."""
    start = hand.first_line - 1
    for i in range(start, start + len(hand.lines)):
        words = text_lines[i].split()
        if (
            len(words) >= 2
            and words[0].casefold() == player.casefold()
            and words[1].rstrip(":").lower() in _DECIDE_WORDS
        ):
            return i
    raise AssertionError(f"no decision line for {player} in hand {hand.number}")


def _money(
    gen: GeneratedSession, findings: list[list[ExpectedViolation]], count: int
) -> list[_Money]:
    """The oracle's settlement of the first ``count`` hands with these findings (reneges pay,
    early announcements pay ``early_penalty``), each hand from the carry the last leaves."""
    o = gen.options
    carry = gen.header_pot or Decimal(0)
    exempt = frozenset() if o.double_ante else frozenset(gen.header_exempt)
    out: list[_Money] = []
    for hand, found in zip(gen.hands[:count], findings, strict=False):
        reneges = [(v.player, v.corrected) for v in found if v.rule in ILLEGAL_RULES]
        early = [v.player for v in found if v.rule == "BR-DECIDE-ORDER"]
        m = _settle(
            gen.players, o, carry, exempt, hand.dealer, hand.active, hand.tricks_won, reneges, early
        )
        out.append(m)
        carry, exempt = m.carry, m.exempt_next
    return out


def _check_money(results: list[BourreHandResult], expected: list[_Money]) -> None:
    for got, m in zip(results, expected, strict=True):
        assert got.settled
        assert (got.pot, got.winner, got.carry) == (m.pot, m.winner, m.carry)
        assert got.payouts == m.payouts


def _upto(text_lines: list[str], hand: ExpectedHand) -> list[str]:
    """The log's lines up to the end of ``hand``."""
    return text_lines[: hand.first_line - 1 + len(hand.lines)]


# ------------------------------------------------------------------ (a) an unsized exchange


def _slipped_sessions(batch: int, per_batch: int) -> list[tuple[str, GeneratedSession]]:
    """Generated sessions for the slips: many players (where one unsized exchange used to
    be taken to empty the stock), clean or with illegal plays (the cinch most)."""
    sessions = []
    for seed in range(batch * per_batch, (batch + 1) * per_batch):
        rng = random.Random(f"slip-{seed}")
        options = random_options(rng)
        rule = (None, "BR-CINCH", "BR-CINCH", "BR-CINCH", ILLEGAL_RULES[seed % 4])[seed % 5]
        players = (6, 7, 8, 6, 7, 8, 5, 4, 3, 2)[seed % 10]
        detail = ("mixed", "mixed", "mixed", "full")[seed % 4]
        try:
            gen = generate_session(
                rng, players=players, hands=4, options=options, detail=detail, settle=False,
                illegal=rule, early_rate=0, cinch_bias=0.6,
            )  # fmt: skip
        except ValueError:  # the options switch the rule off (or too few players)
            continue
        sessions.append((f"seed {seed}", gen))
    return sessions


def _choose_slip(rng: random.Random, gen: GeneratedSession, kind: str) -> tuple[int, str] | None:
    """A hand (its index) with two players or more in, and a player whose written decision
    line the slip can rewrite: listed discards (``count``), or any (``drop``). Mostly in a
    hand where a cinch was broken, on the line of another player whose deal is not written:
    there the slip used to lose the cinch."""
    choices = []
    cinch = []
    for k, hand in enumerate(gen.hands):
        if len(hand.active) < 2:
            continue
        breakers = {v.player for v in hand.violations if v.rule == "BR-CINCH"}
        for p in hand.active:
            style = hand.styles[p]
            listed = style in ("full", "discards") and bool(hand.decisions[p][1])
            if (kind == "count" and listed) or (kind == "drop" and style != "omit"):
                choices.append((k, p))
                if breakers and p not in breakers and not hand.deal_logged[p]:
                    cinch.append((k, p))
    if cinch and rng.random() < 0.7:
        return rng.choice(cinch)
    return rng.choice(choices) if choices else None


@pytest.mark.parametrize("kind", ["count", "drop"])
@pytest.mark.parametrize("batch", range(3))
def test_an_unsized_exchange_changes_only_what_the_log_no_longer_shows(
    kind: str, batch: int
) -> None:
    rng = random.Random(f"slip-{kind}-{batch}")
    judged = unchanged = kept_cinch = 0
    for label, gen in _slipped_sessions(batch, 60):
        chosen = _choose_slip(rng, gen, kind)
        if chosen is None:
            continue
        k, player = chosen
        hand = gen.hands[k]
        lines = gen.text.split("\n")
        at = _decision_at(lines, hand, player)
        if kind == "count":  # `NAME play discard N`, the cards no longer listed
            indent = lines[at][: len(lines[at]) - len(lines[at].lstrip())]
            words = lines[at].split()
            lines[at] = f"{indent}{' '.join(words[:3])} {len(hand.decisions[player][1])}"
        else:
            lines[at] = ""  # (a blank line: every other line keeps its number)
        styles = {**hand.styles, player: "count" if kind == "count" else "omit"}
        now = judge_logged_plays(hand, gen.options, len(gen.players), styles=styles)
        before = list(hand.violations)
        where = f"{label}, hand {hand.number}, {kind} {player}:\n" + "\n".join(lines)
        assert _keys(judge_logged_plays(hand, gen.options, len(gen.players))) == _keys(before)
        # What may change is the cinch alone: one player's (their own discards no longer
        # listed), or anyone's (an exchange no longer sized may have emptied the stock).
        changed = set(_keys(now)) ^ set(_keys(before))
        assert all(rule == "BR-CINCH" for rule, *_ in changed), where
        if hand.deal_logged[player]:  # the deal shows the exchange: nothing is lost
            assert _keys(now) == _keys(before), where
            unchanged += 1
        # A card taken back that the new reading finds illegal would cost a turn to deal:
        # the later hands would be dealt otherwise, so they are left out.
        taken_back = sorted({v.player for v in now if v.corrected})
        count = len(gen.hands) if taken_back == sorted(set(hand.took_back)) else k + 1
        text = "\n".join(_upto(lines, gen.hands[count - 1]) if count < len(gen.hands) else lines)
        results = audit_bourre(text)
        assert len(results) == count, where
        findings = [list(h.violations) for h in gen.hands[:count]]
        findings[k] = now
        for i, (got, want) in enumerate(zip(results, findings, strict=True)):
            assert _found(got) == _keys(want), f"hand {i + 1}; {where}"
            assert got.dealer == gen.hands[i].dealer, where
        _check_money(results, _money(gen, findings, count))
        judged += 1
        # a cinch still judged after an exchange the log no longer sizes
        unsized = kind == "drop" and not hand.deal_logged[player]
        kept_cinch += unsized and any(v.rule == "BR-CINCH" for v in now)
    assert judged >= 25 and unchanged >= 5, (judged, unchanged)
    assert kind == "count" or kept_cinch >= 3, kept_cinch


def test_the_oracle_counts_unsized_exchanges_against_the_stock() -> None:
    """The oracle's own reading (``bourre.md``): a stock that ran out during the draw is one
    the exchanges as the log sizes them could have emptied; an exchange it does not size
    counts as ``hand_size`` cards, never as the whole stock."""
    seen_gone = seen_kept = 0
    for seed in range(60):
        rng = random.Random(f"stock-{seed}")
        gen = generate_session(rng, players=2 + seed % 7, hands=5, options=random_options(rng))
        for hand in gen.hands:
            gone = _stock_may_be_gone(
                gen.options, len(gen.players), hand.active, hand.decisions, hand.styles,
                hand.deal_logged,
            )  # fmt: skip
            assert gone or not hand.reshuffled, gen.text
            shown = hand.styles, hand.deal_logged
            unsized = [p for p in hand.active if shown[0][p] == "omit" and not shown[1][p]]
            if unsized and not gone:
                seen_kept += 1
            seen_gone += gone
    assert seen_gone and seen_kept


# ------------------------------------------------------------------------ (b) an early line


def _early_sessions(batch: int, per_batch: int) -> list[tuple[str, GeneratedSession]]:
    sessions = []
    for seed in range(batch * per_batch, (batch + 1) * per_batch):
        rng = random.Random(f"early-{seed}")
        options = replace(random_options(rng), decisions="turn")
        if seed % 3 == 0:
            options = replace(options, early_penalty=Decimal(seed % 2 + 1))
        rule = (None, None, "BR-CINCH", "BR-FOLLOW")[seed % 4]
        try:
            gen = generate_session(
                rng, players=2 + seed % 7, hands=5, options=options, settle=False,
                illegal=rule, early_rate=0,
            )  # fmt: skip
        except ValueError:
            continue
        sessions.append((f"seed {seed}", gen))
    return sessions


@pytest.mark.parametrize("batch", range(3))
def test_an_early_line_is_one_finding_with_its_penalty_and_deal_skip(batch: int) -> None:
    rng = random.Random(f"early-move-{batch}")
    judged = with_draw = 0
    for label, gen in _early_sessions(batch, 40):
        o: BourreOptions = gen.options
        # (hand, its written decisions in turn order, the one to move): a line that lists
        # its draws (and no deal to hold them to) can also draw one card too few
        candidates = []
        for k, hand in enumerate(gen.hands):
            written = [p for p in _turn_order(gen, hand) if hand.styles[p] != "omit"]
            for j in range(1, len(written)):
                p = written[j]
                drawn = hand.styles[p] == "full" and len(hand.decisions[p][2]) >= 2
                candidates.append((k, written, j, drawn and not hand.deal_logged[p]))
        if not candidates:
            continue
        drawing = [c for c in candidates if c[3]]
        k, written, j, short_draw = rng.choice(
            drawing if drawing and rng.random() < 0.5 else candidates
        )
        hand = gen.hands[k]
        i = rng.randrange(j)
        early = written[j]
        lines = gen.text.split("\n")
        places = [_decision_at(lines, hand, p) for p in written]
        assert places == sorted(places) and places[-1] - places[0] == len(places) - 1
        moved = lines[places[j]]
        if short_draw:  # and one card too few drawn: BR-DRAW on the same line
            moved = moved.rsplit(" ", 1)[0]
        del lines[places[j]]
        lines.insert(places[i], moved)
        # The later hands: the same dealers until the early player's turn to deal, which the
        # deal skips; the log goes on with a bare hand there to show who deals it.
        count = k + 1
        while count < len(gen.hands) and gen.hands[count].dealer != early:
            count += 1
        last = gen.hands[count - 1]
        skips = [early]
        dealer = _next_dealer(gen.players, last.dealer, skips)
        kept = _upto(lines, last)
        text = "\n".join([*kept, "", f"hand {count + 1}", "trump 2c", ""])
        where = f"{label}, hand {hand.number}, {early} moved before {written[i]}:\n{text}"
        results = audit_bourre(text)
        assert len(results) == count + 1, where
        findings = [list(h.violations) for h in gen.hands[:count]]
        extra = [ExpectedViolation("BR-DECIDE-ORDER", early, None, None)]
        if short_draw:
            extra.append(ExpectedViolation("BR-DRAW", early, None, None))
        findings[k] = [*findings[k], *extra]
        for n, (got, want) in enumerate(zip(results, findings, strict=False)):
            assert _found(got) == _keys(want), f"hand {n + 1}; {where}"
            assert got.dealer == gen.hands[n].dealer, where
        on_line = [(v.rule, v.line) for v in results[k].violations if v.player == early]
        decided = [(r, line) for r, line in on_line if r in ("BR-DECIDE-ORDER", "BR-DRAW")]
        assert {line for _, line in decided} == {places[i] + 1}, where
        penalty = [(early, o.early_penalty)] if o.early_penalty else []
        assert results[k].penalties == penalty, where
        bare = results[count]
        assert bare.dealer == dealer and bare.violations == [], where
        bare_hand = ExpectedHand(
            number=count + 1, dealer=dealer, upcard="2c", trump="c", active=[],
            tricks_won={}, carry_in=Decimal(0), exempt=frozenset(), antes=[], pot=Decimal(0),
            winner=None, took=Decimal(0), carry=Decimal(0), bourre={}, reneges=[], payouts={},
            totals={}, violations=[], took_back=[], tricks=[], dealt={}, style="bare",
        )  # fmt: skip
        with_bare = GeneratedSession(
            gen.text, gen.players, o, gen.header_lines, [*gen.hands[:count], bare_hand],
            gen.totals, gen.header_pot, gen.header_exempt,
        )  # fmt: skip
        _check_money(results, _money(with_bare, [*findings, []], count + 1))
        judged += 1
        with_draw += short_draw
    assert judged >= 30 and with_draw >= 3, (judged, with_draw)


def _turn_order(gen: GeneratedSession, hand: ExpectedHand) -> list[str]:
    seats = gen.players
    d = seats.index(hand.dealer)
    return [seats[(d + 1 + i) % len(seats)] for i in range(len(seats))]
