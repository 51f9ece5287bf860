"""The Poker Squares table's tournament: up to five named players kept on disk, who
plays next, and the standings (highest, lowest, average) after every finished game.
A part the scene holds: it records the score of each named player at the table when a
game ends (Player 1's, and Player 2's when a person plays them and they were picked
from the tournament) and asks no question when the same player starts the same cards
over."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from game import storage
from game.engine.ui import Dialog, Hud
from game.rules import poker_squares as P
from game.rules.poker_squares_tournament import MAX_PLAYERS, Tournament, rules_of
from scenes.poker_squares_second import SecondPlayer

if TYPE_CHECKING:
    from game.engine.app import App

KIND, VERSION = "poker-squares-tournament", 1
FILE = "poker-squares-tournament.json"


class TournamentHost(Protocol):
    """What the tournament needs of the table it is played at."""

    app: App
    hud: Hud

    @property
    def view(self) -> P.PokerSquaresView: ...  # its options: the rules a tournament keeps to


@dataclass
class TournamentPlay:
    """The table's tournament (None: none started), kept in the app's ``save_dir``.
    ``second``: whether a person plays Player 2 here (else the computer or nobody, and
    Player 2's scores are not kept)."""

    host: TournamentHost
    second: SecondPlayer
    tournament: Tournament | None = None
    second_asked: bool = False  # this table has asked who the person at Player 2 is
    note: str = ""  # why the last game was not counted ("": it was, or no tournament)

    @property
    def path(self) -> Path:
        return Path(self.host.app.save_dir) / FILE

    def load(self) -> None:
        result = storage.read_parsed(self.path, KIND, VERSION,
                                     lambda data: Tournament.from_json(data.get("tournament")),
                                     consequence="a new tournament can be started")
        if result.problem:
            self.host.app.problems.append(result.problem)
        self.tournament = result.value

    def save(self) -> None:
        if self.tournament is None:
            return
        try:
            storage.write_json_atomic(self.path, {
                "kind": KIND, "version": VERSION, "tournament": self.tournament.to_json()})
        except OSError as exc:
            self.host.hud.say(f"The tournament could not be saved: {exc}", error=True)

    # -- during play ---------------------------------------------------------------------

    def replaying(self, deal: int) -> bool:
        """Is the current player playing ``deal``, cards they have finished before?"""
        return self.tournament is not None and self.tournament.is_replay(deal)

    def record_result(self, deal: int, score: int, second: int | None = None) -> None:
        """A game of ``deal`` just ended at a table a person played: count it for
        Player 1 and (``second``: their score, when a person played them) Player 2."""
        if self.tournament is None:
            return
        if not self.second.seated:
            second = None  # the computer played Player 2, or nobody did
        rules = rules_of(self.host.view.options)
        self.note = self.tournament.refusal(rules) or ""  # like with like only
        if self.note:
            return
        self.tournament = self.tournament.record_game(deal, score, second, rules)
        self.save()

    def standings_text(self) -> str:
        """One line per player (who plays now marked); the figures of one player are
        held together by no-break spaces, so a narrow box never splits "(2 games)"."""
        t = self.tournament
        if t is None:
            return "No tournament yet."
        marks = {t.current: "\u25b6 "}
        if t.second is not None and self.second.seated:
            marks = {t.current: "\u25b6P1 ", t.second: "\u25b6P2 "}
        return "\n".join(marks.get(i, "") + keep_together(s.line())
                         for i, s in enumerate(t.players))

    # -- the players dialog ----------------------------------------------------------------

    def players_dialog(self) -> None:
        t = self.tournament
        choices = [] if t is None else [(f"p{i}", s.name, str(i + 1))
                                        for i, s in enumerate(t.players)]
        choices += [("new", "New tournament", "n"), ("close", "Close", "c")]
        rules = "" if t is None or t.rules is None else f"It plays {t.rules.title}.\n"
        body = (rules + self.standings_text() + "\nPick who plays the next game." if t else
                "No tournament yet: New tournament (N) starts one, for up to five named "
                "players, each with their high, low and average score.")
        self.host.hud.ask(Dialog("Players", body, choices, self._players_choice,
                            cancel_key="close", height=420))

    def _players_choice(self, choice: str) -> None:
        if choice == "new":
            self.ask_names([])
        elif choice.startswith("p") and self.tournament is not None:
            self.tournament = self.tournament.choose(int(choice[1:]))
            self.save()
            if self.second.seated and len(self.tournament.players) > 1:
                self.ask_second()
            else:
                self.host.hud.say(f"{self.tournament.player.name} plays the next game.")

    def ask_second_if_unknown(self) -> None:
        """A person plays Player 2 and nobody has said who: ask (a new tournament, or
        Player 2 just joined). A Player 2 kept with the tournament is not asked for
        again; the computer needs no name."""
        t = self.tournament
        if (t is not None and self.second.seated and len(t.players) > 1
                and t.second is None and not self.second_asked and self.host.hud.dialog is None):
            self.ask_second()

    def ask_second(self) -> None:
        """Who plays Player 2 (the person with the other device): another player of the
        tournament, or a guest whose scores are not kept."""
        t = self.tournament
        if t is None:
            return
        self.second_asked = True
        others = [(f"s{i}", s.name, str(i + 1)) for i, s in enumerate(t.players)
                  if i != t.current]
        self.host.hud.ask(Dialog("Player 2", f"{t.player.name} plays Player 1. Who plays Player 2?",
                            others + [("guest", "A guest", "g")], self._second_choice,
                            cancel_key="guest", height=360))

    def _second_choice(self, choice: str) -> None:
        if self.tournament is None:
            return
        index = int(choice[1:]) if choice.startswith("s") else None
        self.tournament = self.tournament.choose_second(index)
        self.save()
        second = self.tournament.second_player
        self.host.hud.say(f"{self.tournament.player.name} plays Player 1, "
                     + (f"{second.name} Player 2." if second else "a guest Player 2 "
                        "(not counted)."))

    def ask_names(self, names: list[str]) -> None:
        """One name at a time; an empty name (or the fifth) ends the list."""
        number = len(names) + 1
        hint = "Type a name, then Enter." + ("" if number == 1 else
                                             " Leave it empty when everyone is in.")

        def then(_: str) -> None:
            name = (dialog.text or "").strip()
            if name and name.lower() not in (n.lower() for n in names):
                names.append(name)
            elif name:
                self.host.app.error(f"{name} is in the tournament already.")
            if names and (not name or len(names) == MAX_PLAYERS):
                rules = rules_of(self.host.view.options)  # the rules on the table now
                self.tournament = Tournament.of(names, rules)
                self.save()
                self.host.hud.say(f"A new tournament: {', '.join(names)}, playing {rules.title}. "
                             f"{names[0]} plays first.")
                self.second_asked = False  # new people: who plays Player 2 is asked again
                self.ask_second_if_unknown()
            else:
                self.ask_names(names)

        # "Player 2" is also the question who plays Player 2: this one has its own name
        dialog = Dialog(f"Player {number}", hint, [("ok", "OK", "")], then, text="",
                        kind="A tournament player's name")
        self.host.hud.ask(dialog)

    def finished_body(self, body: str) -> str:
        """The game-over words, with the standings (a line each) when a tournament is on."""
        if self.tournament is None:
            return body
        note = f"\n{self.note}" if self.note else ""
        return f"{body}{note}\n{self.standings_text()}"


def keep_together(line: str) -> str:
    """A standings line whose parts do not break apart: the name and its figures stay
    whole, "(2 games)" is one word, and only the spaces after commas may wrap."""
    return line.replace(", ", ",\n").replace(" ", "\u00a0").replace(",\n", ", ")

