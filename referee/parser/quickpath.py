"""The quick path: a usual Bourré hand read into a :class:`~referee.records.QuickHand`."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from decimal import Decimal
from functools import partial
from itertools import product
from typing import Final, Literal, cast

from referee.cards import BOURRE_DECK, JOKER
from referee.currency import strip_sign
from referee.parser.common import (
    _CARDS,
    _MAX_AMOUNT_CHARS,
    _MAX_GUESS,
    _MAX_NUMBER_DIGITS,
    KEYWORDS,
    _Names,
    _suit,
    _word,
)
from referee.parser.syntax import _Syntax
from referee.records import (
    Hand,
    QuickDecision,
    QuickHand,
    QuickTrick,
)

#: A reader of one line: the line, where its first word ends, the line's words (see
#: :func:`_words`; None: read it with the pattern) and the hand being filled; False when the
#: line is not one of the usual shapes.
_Reader = Callable[[str, int, list[str] | None, QuickHand], bool]
_SettleKind = Literal["wins", "bourre", "renege", "penalty", "split", "pot"]

_MAX_KEPT: Final = 512  # words as written kept with what they are, in each table (see _QuickPath)
_card: Final = _CARDS.__getitem__  # card text as written -> normalised card

# The records are named tuples, whose own __new__ is a Python function called through the
# type: making the same tuple with tuple.__new__ is several times cheaper, which counts for
# the records a bulk file has by the million (a QuickTrick a line).
_new: Final = tuple.__new__
_PASS: Final = QuickDecision("pass", None, None, None)  # the two usual decisions, made once
_PLAY: Final = QuickDecision("play", 0, None, None)


def _spellings(*keywords: str) -> frozenset[str]:
    """The spellings of keywords in any case (``pass``, ``Pass``, ``PASS``...): all of them
    matched by the grammar's ``"pass"i`` (which also takes a few more, left to it)."""
    return frozenset(
        "".join(letters)
        for keyword in keywords
        for letters in product(*({c.lower(), c.upper()} for c in keyword))
    )


#: What the words of a statement start with (see _words): "" when its keyword (or the
#: name a decision starts with) is followed by a space, ":" in `trick: ann 7h`.
_HEAD: Final = frozenset(("", ":"))
#: A number (of cards discarded) as usually written -> its value: matched whole by INT.
_NUMBERS: Final = {str(n): n for n in range(100)}
#: A `trick` line's number as usually written (``3``, ``3:``) -> its value.
_TRICK_NUMBERS: Final = _NUMBERS | {f"{n}:": n for n in range(100)}
#: The cards written as they are normalised (``Td``, not ``10d``): matched whole by CARD.
_NORMAL_CARDS: Final = frozenset(card for card in (*BOURRE_DECK, JOKER) if _card(card) == card)
_PASS_WORDS: Final = _spellings("pass", "fold")
_PLAY_WORDS: Final = _spellings("play", "stand")
_DISCARD: Final = _spellings("discard")
_DRAW: Final = _spellings("draw")
_SPLIT: Final = _spellings("split")
_POT: Final = _spellings("pot")
_SETTLE_KINDS: Final[dict[str, _SettleKind]] = {
    spelling: cast(_SettleKind, _word(spelling))  # (`Bourré` -> "bourre")
    for spelling in _spellings("wins", "bourre", "bourré", "renege", "penalty")
}


#: What the terminals have matched whole, kept for the whole process (the grammar is the
#: same for every log, so what CARD, SUIT or AMOUNT matched in one file it matches in the
#: next): cards as written -> normalised, suits as written -> suit letter, amounts as
#: written -> value. A file's first hand is then read by its words like its last one, where
#: tables kept for one file would send a short file's lines through the patterns. Each is
#: bounded (CARD and SUIT match finitely many texts; amounts are kept up to _MAX_KEPT).
_SEEN_CARDS: Final[dict[str, str]] = {}
_SEEN_SUITS: Final[dict[str, str]] = {}
_SEEN_AMOUNTS: Final[dict[str, Decimal]] = {}

#: What :attr:`_QuickPath.readers` gives for a word not in it.
_UNKNOWN: Final[tuple[_Reader | None, int]] = (None, 0)


def _refuse(text: str, pos: int, words: list[str] | None, quick: QuickHand) -> bool:
    """The reader of the lines the quick path does not take (a claim, a `bid`...)."""
    return False


def _words(text: str, pos: int) -> list[str] | None:
    """The words of ``text`` after its first word (which ends at ``pos``), for the line's
    reader: the first word's place, then the others, as parted by one space or a comma and a
    space (``trick 1: ann 7h, bob 9h`` from after ``trick``: "", "1:", "ann", "7h", "bob",
    "9h"); None when the first word is followed by anything else than a space, the end, or a
    colon and then a space or the end.

    Any other way of parting words leaves a word that is no name, card, number or keyword
    (one with a comma, a tab or another white space in it, or an empty one), so its line is
    left to the patterns. A line that starts with a word of :attr:`_QuickPath.readers` is
    parted whole (``trick``, "1:", "ann"...): the same words after the first.
    """
    words = text[pos:].replace(", ", " ").split(" ")
    return words if words[0] in _HEAD else None


class _QuickPath:
    """Reads a whole Bourré hand into a :class:`QuickHand` when every line is a usual one.

    It recognises a subset of what :class:`_FastPath` recognises, with the same patterns, but
    keeps plain names, cards and amounts instead of building records: a hand of a bulk file
    is read about twice as fast. Whatever it does not take (a claim, a `(was CARD)`, a name
    not seated, a number too long, a second `deal` for one player, any line the fast path
    would leave to Lark) makes its reader say no, and the hand is read in full. So a hand it
    takes has no read error, and :attr:`QuickHand.read` gives its full records.

    ``LogReader._quick_block`` runs it: for each line (other than a `hand` line) it finds
    the reader by the line's first word as written in :attr:`readers`, or else asks
    :meth:`reader`, and calls it.

    Each reader reads the line by its words first (see :func:`_words`), looking them up in
    tables of what the grammar's terminals have matched whole before: :attr:`names` (NAME,
    seated), :attr:`cards` (CARD), :attr:`suits` (SUIT, where CARD did not match) and
    :attr:`amounts` (AMOUNT), and in the spellings of numbers and keywords. A line whose
    words are all found, in the order of the statement's pattern, is one the pattern
    matches, with those words as its groups: a token matched whole is matched whole again
    wherever it stands between separators, as the terminals are atomic and look no further
    than the next character, which no separator can continue. Any other line is read with
    the pattern, which also adds what it matched to the tables. Looking words up is a few
    times as cheap as the patterns, for the same result.
    """

    def __init__(self, syntax: _Syntax, names: _Names, hand_size: int) -> None:
        self.s = syntax
        self.exact = names.exact  # names as written -> as declared (grows)
        self.seat = names.seat_of
        #: Seated names as written, matched whole by NAME -> as declared (the declared
        #: names were matched by NAME on the `players` line).
        self.names = {name: name for name in names.players}
        self._declared = frozenset(names.players)  # (no need to look these up)
        #: Cards as written, matched whole by CARD -> normalised (shared: see _SEEN_CARDS).
        self.cards = _SEEN_CARDS
        #: Suits as written, matched whole by SUIT where CARD did not match -> suit letter.
        self.suits = _SEEN_SUITS
        #: Amounts as written, matched whole by AMOUNT -> their value.
        self.amounts = _SEEN_AMOUNTS
        # The patterns of a whole `trick` (`deal`) line for as many plays (cards) as the
        # last one read: the usual guess, rebuilt when a line has another number.
        self._plays = syntax.repeated("play", len(names.players))
        self._cards_dealt = syntax.repeated("card", hand_size)
        self._by_keyword: dict[str, _Reader] = {
            "trick": self.trick,
            "deal": self.deal,
            "trump": self.trump,
            "dealer": self.dealer,
            "ante": self.ante,
            "settle": self.settle,
        }
        #: A line's first word as written (``Trick``, ``ann``, ``trump:``), when it starts
        #: the line and is followed by a space or the end -> the line's reader and where the
        #: word ends (before the colon), so that a line's word is looked up once rather than
        #: matched, lower-cased and checked each time.
        self.readers: dict[str, tuple[_Reader, int]] = {}

    def reader(self, word: str) -> _Reader:
        """The reader of lines whose first word is ``word`` (not ``hand``), kept in
        :attr:`readers` (with ``word:``): a keyword's, a seated player's decision, or one
        that says no."""
        lower = word.lower()
        reader = self._by_keyword.get(lower)
        if reader is None:
            keyword = lower in KEYWORDS or not (
                word.isascii() or self.s.keyword.fullmatch(word) is None
            )
            player = None if keyword else self.seat(word)
            # A line that starts with a player's name (`ann play`) is a decision.
            reader = _refuse if player is None else partial(self.decision, player)
        if len(self.readers) < _MAX_KEPT:
            self.readers[word] = self.readers[word + ":"] = (reader, len(word))
        return reader

    def start(
        self, number: int, line: int, column: int, read: Callable[[], Hand], numbered: bool
    ) -> QuickHand:
        """An empty hand, to be filled by the readers."""
        return _new(QuickHand, (number, line, column, [], [], {}, {}, [], [], [], read, numbered))

    # ------------------------------------------------------------------ the words

    def _known_names(self, names: list[str]) -> tuple[str, ...] | None:
        """The seated players, for names as written in :attr:`names`; None when one is not
        there."""
        if self._declared.issuperset(names):  # as declared: nothing to look up
            return tuple(names)
        players = tuple(map(self.names.get, names))
        return None if None in players else players  # type: ignore[return-value]

    def _known_cards(self, cards: list[str]) -> tuple[str, ...] | None:
        """The normalised cards, for cards as written in :attr:`cards`; None when one is not
        there."""
        if _NORMAL_CARDS.issuperset(cards):  # as normalised: nothing to look up
            return tuple(cards)
        normal = tuple(map(self.cards.get, cards))
        return None if None in normal else normal  # type: ignore[return-value]

    def _learn_names(self, names: Iterable[str], players: Iterable[str | None]) -> None:
        """Keep names as written that NAME has matched, with their seated players."""
        for name, player in zip(names, players, strict=True):
            if player is not None and name not in self.names and len(self.names) < _MAX_KEPT:
                self.names[name] = player

    def _learn_cards(self, cards: Sequence[str]) -> tuple[str, ...]:
        """Keep cards as written that CARD has matched; give them normalised."""
        normal = tuple(map(_card, cards))
        for card, norm in zip(cards, normal, strict=True):
            self.cards[card] = norm  # (finitely many: CARD matches few texts)
        return normal

    # ------------------------------------------------------------------ the readers

    def trick(self, text: str, pos: int, words: list[str] | None, quick: QuickHand) -> bool:
        if words is not None:
            number = _TRICK_NUMBERS.get(words[1]) if len(words) > 1 else None
            at = 1 if number is None else 2  # (`trick 3 ann 7h`, `trick 3: ann 7h`)
            players = self._known_names(words[at::2])
            cards = self._known_cards(words[at + 1 :: 2])
            if players and cards and len(players) == len(cards):
                quick.tricks.append(_new(QuickTrick, (number, players, cards)))
                return True
        return self._trick_matched(text, pos, quick)

    def _trick_matched(self, text: str, pos: int, quick: QuickHand) -> bool:
        """A `trick` line read with the pattern (learning its words)."""
        names: tuple[str, ...]
        m = self._plays.fullmatch(text, pos)  # as many plays as the last trick
        if m is not None:
            items = m.groups()
            written: str | None = items[0]
            if written is not None and len(written) > _MAX_NUMBER_DIGITS:
                return False
            names, cards = items[1::2], items[2::2]
        else:
            s = self.s
            head = s.trick.match(text, pos)
            assert head is not None  # every part of it is optional
            start, written = head.end(), head.group(1)
            if written is not None and len(written) > _MAX_NUMBER_DIGITS:
                return False
            if s.bare_plays.fullmatch(text, start) is None:
                return False
            listed = tuple([item for play in s.bare_play.findall(text, start) for item in play])
            names, cards = listed[::2], listed[1::2]
            self._plays = s.repeated("play", min(len(names), _MAX_GUESS))
        players = tuple(map(self.exact.get, names))
        if None in players:  # a new spelling of a seated name, or not seated at all
            players = tuple([self.seat(name) for name in names])
            if None in players:
                return False
        self._learn_names(names, players)
        number = None if written is None else int(written)
        trick = QuickTrick(number, players, self._learn_cards(cards))  # type: ignore[arg-type]
        quick.tricks.append(trick)
        return True

    def deal(self, text: str, pos: int, words: list[str] | None, quick: QuickHand) -> bool:
        if words is not None and len(words) > 2:
            player = self.names.get(words[1])
            dealt = self._known_cards(words[2:])
            if player is not None and dealt:
                if player in quick.deals:
                    return False
                quick.deals[player] = dealt
                return True
        return self._deal_matched(text, pos, quick)

    def _deal_matched(self, text: str, pos: int, quick: QuickHand) -> bool:
        """A `deal` line read with the pattern (learning its words)."""
        m = self._cards_dealt.fullmatch(text, pos)  # as many cards as the last deal
        if m is not None:
            items = m.groups()
            name: str = items[0]
            written = items[1:]
        else:
            head = self.s.deal_player.match(text, pos)
            whole = None if head is None else self.s.deal.fullmatch(text, pos)
            if head is None or whole is None:
                return False
            name, written = head.group(1), tuple(self.s.cards.findall(whole.group(2)))
            self._cards_dealt = self.s.repeated("card", min(len(written), _MAX_GUESS))
        player = self.exact.get(name) or self.seat(name)
        if player is None or player in quick.deals:
            return False
        self._learn_names((name,), (player,))
        quick.deals[player] = self._learn_cards(written)
        return True

    def decision(
        self, player: str, text: str, pos: int, words: list[str] | None, quick: QuickHand
    ) -> bool:
        """A seated ``player``'s decision (`ann play discard 7h`; bound to each spelling of
        the name by :meth:`reader`)."""
        if words is not None and (count := len(words)) > 1:
            action = words[1]
            decision: QuickDecision | None = None
            if count == 2:  # `ann pass`, `ann play`
                if action in _PASS_WORDS:
                    decision = _PASS
                elif action in _PLAY_WORDS:
                    decision = _PLAY
            elif count > 3 and action in _PLAY_WORDS and words[2] in _DISCARD:
                decision = self._discards(words)
            if decision is not None:
                if player in quick.decisions:
                    return False
                quick.decisions[player] = decision
                return True
        return self._decision_matched(player, text, pos, quick)

    def _discards(self, words: list[str]) -> QuickDecision | None:
        """`play discard 2`, `play discard 7h 9s`, `play discard 7h 9s draw 2c 5d`, as
        words; None when one is not known."""
        if len(words) == 4 and words[3] in _NUMBERS:
            return _new(QuickDecision, ("play", _NUMBERS[words[3]], None, None))
        draw = 3
        while draw < len(words) and words[draw] not in _DRAW:
            draw += 1
        discards = self._known_cards(words[3:draw])
        if not discards:
            return None
        if draw == len(words):
            return _new(QuickDecision, ("play", len(discards), discards, None))
        draws = self._known_cards(words[draw + 1 :])
        if not draws:
            return None
        return _new(QuickDecision, ("play", len(discards), discards, draws))

    def _decision_matched(self, player: str, text: str, pos: int, quick: QuickHand) -> bool:
        """A decision line read with the pattern (learning its words)."""
        m = self.s.decision.fullmatch(text, pos)
        if m is None or player in quick.decisions:
            return False
        passed, _, discard, count, listed, _, drawn = m.groups()
        if passed is not None:
            decision = _PASS
        elif discard is None:
            decision = _PLAY
        elif count is not None:
            if len(count) > _MAX_NUMBER_DIGITS:
                return False
            decision = QuickDecision("play", int(count), None, None)
        else:
            discards = self._learn_cards(self.s.cards.findall(listed))
            draws = None if drawn is None else self._learn_cards(self.s.cards.findall(drawn))
            decision = QuickDecision("play", len(discards), discards, draws)
        quick.decisions[player] = decision
        return True

    def trump(self, text: str, pos: int, words: list[str] | None, quick: QuickHand) -> bool:
        if words is not None and len(words) == 2:
            card = self.cards.get(words[1])
            if card is not None:
                if card == JOKER:
                    return False
                quick.trumps.append((card[-1], card))
                return True
            suit = self.suits.get(words[1])
            if suit is not None:
                quick.trumps.append((suit, None))
                return True
        return self._trump_matched(text, pos, quick)

    def _trump_matched(self, text: str, pos: int, quick: QuickHand) -> bool:
        """A `trump` line read with the pattern (learning its words)."""
        m = self.s.trump.fullmatch(text, pos)
        if m is None:
            return False
        if m.group(1) is None:
            suit = self.suits[m.group(2)] = _suit(m.group(2))  # (finitely many)
            quick.trumps.append((suit, None))
            return True
        (card,) = self._learn_cards((m.group(1),))
        if card == JOKER:
            return False
        quick.trumps.append((card[-1], card))
        return True

    def dealer(self, text: str, pos: int, words: list[str] | None, quick: QuickHand) -> bool:
        if words is not None and len(words) == 2:
            player = self.names.get(words[1])
            if player is not None:
                quick.dealers.append(player)
                return True
        return self._dealer_matched(text, pos, quick)

    def _dealer_matched(self, text: str, pos: int, quick: QuickHand) -> bool:
        """A `dealer` line read with the pattern (learning its words)."""
        m = self.s.dealer.fullmatch(text, pos)
        player = None if m is None else self.seat(m.group(1))
        if m is None or player is None:
            return False
        self._learn_names((m.group(1),), (player,))
        quick.dealers.append(player)
        return True

    def ante(self, text: str, pos: int, words: list[str] | None, quick: QuickHand) -> bool:
        if words is not None:
            players = self._known_names(words[1:])
            if players is not None:
                quick.antes.append(players)
                return True
        return self._ante_matched(text, pos, quick)

    def _ante_matched(self, text: str, pos: int, quick: QuickHand) -> bool:
        """An `ante` line read with the pattern (learning its words)."""
        m = self.s.ante.fullmatch(text, pos)
        if m is None:
            return False
        names = self.s.names.findall(m.group(1))
        players = [self.seat(name) for name in names]
        if None in players:
            return False
        self._learn_names(names, players)
        quick.antes.append(cast(tuple[str, ...], tuple(players)))
        return True

    def settle(self, text: str, pos: int, words: list[str] | None, quick: QuickHand) -> bool:
        if words is not None and 1 < (count := len(words)) < 5:
            settled: tuple[_SettleKind, str | None, Decimal | None] | None = None
            if count == 2:  # `settle split`
                if words[1] in _SPLIT:
                    settled = ("split", None, None)
            elif count == 3:  # `settle pot 7`
                amount = self.amounts.get(words[2])
                if amount is not None and words[1] in _POT:
                    settled = ("pot", None, amount)
            else:  # `settle ann wins 7`
                player, kind = self.names.get(words[1]), _SETTLE_KINDS.get(words[2])
                amount = self.amounts.get(words[3])
                if player is not None and kind is not None and amount is not None:
                    settled = (kind, player, amount)
            if settled is not None:
                quick.settles.append(settled)
                return True
        return self._settle_matched(text, pos, quick)

    def _settle_matched(self, text: str, pos: int, quick: QuickHand) -> bool:
        """A `settle` line read with the pattern (learning its words)."""
        m = self.s.settle.fullmatch(text, pos)
        if m is None:
            return False
        if m.group(1) is not None:
            quick.settles.append(("split", None, None))
            return True
        if m.group(2) is not None:
            amount = self._amount(m.group(3))
            if amount is None:
                return False
            quick.settles.append(("pot", None, amount))
            return True
        name = m.group(4)
        player = None if name is None else self.seat(name)
        amount = None if player is None else self._amount(m.group(6))
        if player is None or amount is None:
            return False  # a team settle, a keyword or a name not seated, a long amount
        self._learn_names((name,), (player,))
        kind = cast(Literal["wins", "bourre", "renege", "penalty"], _word(m.group(5)))
        quick.settles.append((kind, player, amount))
        return True

    def _amount(self, text: str) -> Decimal | None:
        """An amount as AMOUNT matched it, kept in :attr:`amounts`; None when too long."""
        if len(text) > _MAX_AMOUNT_CHARS:
            return None
        amount = Decimal(strip_sign(text))
        if len(self.amounts) < _MAX_KEPT:
            self.amounts[text] = amount
        return amount
