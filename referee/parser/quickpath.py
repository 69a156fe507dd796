"""The quick path: a usual Bourré hand read into a :class:`~referee.records.QuickHand`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal
from itertools import product
from typing import Final, Literal, cast

from referee.cards import BOURRE_DECK, JOKER
from referee.parser.common import (
    _CARDS,
    _MAX_AMOUNT_CHARS,
    _MAX_NUMBER_DIGITS,
    KEYWORDS,
    _amount_or_none,
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

#: What a line is by its first word (see :meth:`_QuickPath.kind`): the keyword of a
#: statement :meth:`_QuickPath.read` reads, "decision" (a seated player's name, who is
#: given), "other" (a line it does not take: a claim, a `bid`, a name not seated) or "" (a
#: word not seen first yet); and where the word ends (before a colon).
_Kind = tuple[str, str, int]
_NOT_SEEN: Final[_Kind] = ("", "", 0)
_READ: Final = frozenset(("trick", "deal", "trump", "dealer", "ante", "settle"))
#: Keywords as written as a line's first word (``Trick``, ``trump:``, ``claim``), matched
#: whole by the first-word pattern and followed by a space or the end -> their kind: kept
#: for the whole process, as a keyword is the same in every log (names are kept per log).
_FIRST_KEYWORDS: Final[dict[str, _Kind]] = {}


def _words(text: str, pos: int) -> list[str] | None:
    """The words of ``text`` after its first word (which ends at ``pos``), for the line's
    reader: the first word's place, then the others, as parted by one space or a comma and a
    space (``trick 1: ann 7h, bob 9h`` from after ``trick``: "", "1:", "ann", "7h", "bob",
    "9h"; the spaces that end the line are no word); None when the first word is followed by
    anything else than a space, the end, or a colon and then a space or the end.

    Any other way of parting words leaves a word that is no name, card, number or keyword
    (one with a comma, a tab or another white space in it, or an empty one), so its line is
    left to the patterns. A line whose first word :meth:`_QuickPath.kind` knows is parted
    whole, without the spaces around it (``trick``, "1:", "ann"...): the same words after
    the first.
    """
    words = text[pos:].rstrip(" ").replace(", ", " ").split(" ")
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
    what the line is by its first word as written (:meth:`kind`, else :meth:`learn`) and has
    :meth:`read` read it.

    Each reader reads the line by its words first (see :func:`_words`), each a token that
    the grammar's terminal matches whole: looked up in the tables of those, :attr:`names`
    (NAME, seated), :attr:`cards` (CARD), :attr:`suits` (SUIT, where CARD did not match),
    :attr:`amounts` (AMOUNT), and the spellings of numbers and keywords; or, not there yet,
    matched alone by the terminal (and kept). A line whose words are all such tokens, in the
    order of the statement's pattern, is one the pattern matches, with those words as its
    groups: a token matched whole is matched whole again wherever it stands between
    separators, as the terminals are atomic and look no further than the next character,
    which no separator can continue. Any other line is read with the pattern.
    """

    def __init__(self, syntax: _Syntax, names: _Names) -> None:
        self.s = syntax
        self.seat = names.seat_of
        #: Seated names as written, matched whole by NAME -> as the reports show them (the
        #: seated names were matched by NAME on the `players` line).
        self.names = dict(names.exact)
        #: Names as a line's first word (see :data:`_FIRST_KEYWORDS`) -> what the line is.
        self.first_names: dict[str, _Kind] = {}
        #: Cards as written, matched whole by CARD -> normalised (shared: see _SEEN_CARDS).
        self.cards = _SEEN_CARDS
        #: Suits as written, matched whole by SUIT where CARD did not match -> suit letter.
        self.suits = _SEEN_SUITS
        #: Amounts as written, matched whole by AMOUNT -> their value.
        self.amounts = _SEEN_AMOUNTS

    def kind(self, word: str) -> _Kind:
        """What a line is whose first word is ``word`` as written (``Trick``, ``ann``,
        ``trump:``), followed by a space or the end; :data:`_NOT_SEEN` for a word not seen
        first yet (see :meth:`learn`), rather than matched and checked each time."""
        found = _FIRST_KEYWORDS.get(word)
        if found is None:
            found = self.first_names.get(word)
            if found is None:
                return _NOT_SEEN
        return found

    def learn(self, word: str) -> _Kind:
        """What a line is whose first word is ``word`` as the first-word pattern matched it
        (not ``hand``): a keyword's statement, a seated player's decision, or one not taken;
        kept (with ``word:``) for :meth:`kind`."""
        lower = word.lower()
        keyword = lower in KEYWORDS or not (
            word.isascii() or self.s.keyword.fullmatch(word) is None
        )
        player = None if keyword else self.seat(word)
        # A line that starts with a player's name (`ann play`) is a decision.
        kind = lower if lower in _READ else "other" if player is None else "decision"
        found: _Kind = (kind, player or "", len(word))
        table = _FIRST_KEYWORDS if keyword else self.first_names
        if len(table) < _MAX_KEPT:
            table[word] = table[word + ":"] = found
        return found

    def read(
        self, kind: str, player: str, text: str, pos: int, words: list[str] | None, q: QuickHand
    ) -> bool:
        """Read a line of ``kind`` (from :meth:`kind`; a decision's ``player``) into ``q``:
        ``text`` (its first word ends at ``pos``) by its ``words`` (see :func:`_words`; None:
        by the pattern); False when it is not one of the usual shapes."""
        if kind == "trick":
            return self.trick(text, pos, words, q)
        if kind == "decision":
            return self.decision(player, text, pos, words, q)
        if kind == "deal":
            return self.deal(text, pos, words, q)
        if kind == "settle":
            return self.settle(text, pos, words, q)
        if kind == "trump":
            return self.trump(text, pos, words, q)
        if kind == "dealer":
            return self.dealer(text, pos, words, q)
        return kind == "ante" and self.ante(text, pos, words, q)

    def start(
        self, number: int, line: int, column: int, read: Callable[[], Hand], numbered: bool
    ) -> QuickHand:
        """An empty hand, to be filled by the readers."""
        return _new(QuickHand, (number, line, column, [], [], {}, {}, [], [], [], read, numbered))

    # ------------------------------------------------------------------ the words

    def _player(self, word: str) -> str | None:
        """The seated player for a name as written; None when NAME does not match the word
        whole or no seated player is so named. Kept in :attr:`names`."""
        player = self.names.get(word)
        if player is None and self.s.name.fullmatch(word) is not None:
            player = self.seat(word)
            if player is not None and len(self.names) < _MAX_KEPT:
                self.names[word] = player
        return player

    def _card_of(self, word: str) -> str | None:
        """The normalised card for a card as written; None when CARD does not match the word
        whole. Kept in :attr:`cards` (finitely many: CARD matches few texts)."""
        card = self.cards.get(word)
        if card is None and self.s.card.fullmatch(word) is not None:
            card = self.cards[word] = _card(word)
        return card

    def _players(self, words: list[str], start: int, step: int) -> tuple[str, ...] | None:
        """The seated players for the names as written at ``words[start::step]``; None when
        one is not a seated player's name."""
        players: list[str] = []
        at, end = start, len(words)
        while at < end:
            player = self._player(words[at])
            if player is None:
                return None
            players.append(player)
            at += step
        return tuple(players)

    def _cards(self, words: list[str], start: int, end: int, step: int) -> tuple[str, ...] | None:
        """The normalised cards for the cards as written at ``words[start:end:step]``; None
        when one is not a card."""
        cards: list[str] = []
        at = start
        while at < end:
            card = self._card_of(words[at])
            if card is None:
                return None
            cards.append(card)
            at += step
        return tuple(cards)

    def _learn_cards(self, cards: Sequence[str]) -> tuple[str, ...]:
        """Keep cards as written that CARD has matched; give them normalised."""
        normal = tuple(map(_card, cards))
        for card, norm in zip(cards, normal, strict=True):
            self.cards[card] = norm  # (finitely many: CARD matches few texts)
        return normal

    # ------------------------------------------------------------------ the readers

    def trick(self, text: str, pos: int, words: list[str] | None, quick: QuickHand) -> bool:
        if words is not None and (count := len(words)) > 1:
            number = _TRICK_NUMBERS.get(words[1])
            at = 1 if number is None else 2  # (`trick 3 ann 7h`, `trick 3: ann 7h`)
            if count > at and (count - at) % 2 == 0:  # (a name and a card each)
                players = self._players(words, at, 2)
                cards = None if players is None else self._cards(words, at + 1, count, 2)
                if cards is not None:
                    quick.tricks.append(_new(QuickTrick, (number, players, cards)))
                    return True
        return self._trick_matched(text, pos, quick)

    def _trick_matched(self, text: str, pos: int, quick: QuickHand) -> bool:
        """A `trick` line read with the pattern (learning its cards)."""
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
        players = tuple([self.seat(name) for name in names])
        if None in players:  # a name not seated
            return False
        number = None if written is None else int(written)
        trick = QuickTrick(number, players, self._learn_cards(cards))  # type: ignore[arg-type]
        quick.tricks.append(trick)
        return True

    def deal(self, text: str, pos: int, words: list[str] | None, quick: QuickHand) -> bool:
        if words is not None and (count := len(words)) > 2:
            player = self._player(words[1])
            dealt = None if player is None else self._cards(words, 2, count, 1)
            if player is not None and dealt is not None:
                if player in quick.deals:
                    return False
                quick.deals[player] = dealt
                return True
        return self._deal_matched(text, pos, quick)

    def _deal_matched(self, text: str, pos: int, quick: QuickHand) -> bool:
        """A `deal` line read with the pattern (learning its cards)."""
        head = self.s.deal_player.match(text, pos)
        whole = None if head is None else self.s.deal.fullmatch(text, pos)
        if head is None or whole is None:
            return False
        name, written = head.group(1), self.s.cards.findall(whole.group(2))
        player = self.seat(name)
        if player is None or player in quick.deals:
            return False
        quick.deals[player] = self._learn_cards(written)
        return True

    def decision(
        self, player: str, text: str, pos: int, words: list[str] | None, quick: QuickHand
    ) -> bool:
        """A seated ``player``'s decision (`ann play discard 7h`: the line's first word is a
        spelling of the name, see :meth:`learn`)."""
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
        draw, count = 3, len(words)
        while draw < count and words[draw] not in _DRAW:
            draw += 1
        discards = self._cards(words, 3, draw, 1)
        if not discards:
            return None
        if draw == count:
            return _new(QuickDecision, ("play", len(discards), discards, None))
        draws = self._cards(words, draw + 1, count, 1)
        if not draws:
            return None
        return _new(QuickDecision, ("play", len(discards), discards, draws))

    def _decision_matched(self, player: str, text: str, pos: int, quick: QuickHand) -> bool:
        """A decision line read with the pattern (learning its cards)."""
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
            suit = self.suits.get(words[1])  # (no text is both a SUIT and a CARD)
            if suit is not None:
                quick.trumps.append((suit, None))
                return True
            card = self._card_of(words[1])
            if card is not None:
                if card == JOKER:
                    return False
                quick.trumps.append((card[-1], card))
                return True
        return self._trump_matched(text, pos, quick)

    def _trump_matched(self, text: str, pos: int, quick: QuickHand) -> bool:
        """A `trump` line read with the pattern (learning its card or suit)."""
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
            player = self._player(words[1])
            if player is not None:
                quick.dealers.append(player)
                return True
        return self._dealer_matched(text, pos, quick)

    def _dealer_matched(self, text: str, pos: int, quick: QuickHand) -> bool:
        """A `dealer` line read with the pattern."""
        m = self.s.dealer.fullmatch(text, pos)
        player = None if m is None else self.seat(m.group(1))
        if m is None or player is None:
            return False
        quick.dealers.append(player)
        return True

    def ante(self, text: str, pos: int, words: list[str] | None, quick: QuickHand) -> bool:
        if words is not None:
            players = self._players(words, 1, 1)
            if players is not None:
                quick.antes.append(players)
                return True
        return self._ante_matched(text, pos, quick)

    def _ante_matched(self, text: str, pos: int, quick: QuickHand) -> bool:
        """An `ante` line read with the pattern."""
        m = self.s.ante.fullmatch(text, pos)
        if m is None:
            return False
        names = self.s.names.findall(m.group(1))
        players = [self.seat(name) for name in names]
        if None in players:
            return False
        quick.antes.append(cast(tuple[str, ...], tuple(players)))
        return True

    def settle(self, text: str, pos: int, words: list[str] | None, quick: QuickHand) -> bool:
        if words is not None and 1 < (count := len(words)) < 5:
            settled: tuple[_SettleKind, str | None, Decimal | None] | None = None
            if count == 2:  # `settle split`
                if words[1] in _SPLIT:
                    settled = ("split", None, None)
            elif count == 3:  # `settle pot 7`
                amount = self._amount(words[2]) if words[1] in _POT else None
                if amount is not None:
                    settled = ("pot", None, amount)
            else:  # `settle ann wins 7`
                kind = _SETTLE_KINDS.get(words[2])
                amount = None if kind is None else self._amount(words[3])
                player = None if amount is None else self._player(words[1])
                if player is not None and kind is not None and amount is not None:
                    settled = (kind, player, amount)
            if settled is not None:
                quick.settles.append(settled)
                return True
        return self._settle_matched(text, pos, quick)

    def _settle_matched(self, text: str, pos: int, quick: QuickHand) -> bool:
        """A `settle` line read with the pattern (learning its amount)."""
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
        kind = cast(Literal["wins", "bourre", "renege", "penalty"], _word(m.group(5)))
        quick.settles.append((kind, player, amount))
        return True

    def _amount(self, word: str) -> Decimal | None:
        """The value of an amount as written; None when AMOUNT does not match the word whole
        or it is too long (too many characters or digits). Kept in :attr:`amounts`."""
        amount = self.amounts.get(word)
        if amount is None and len(word) <= _MAX_AMOUNT_CHARS and self.s.amount.fullmatch(word):
            amount = _amount_or_none(word)
            if amount is not None and len(self.amounts) < _MAX_KEPT:
                self.amounts[word] = amount
        return amount
