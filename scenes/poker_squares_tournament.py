"""The Poker Squares table's tournament: up to five named players kept on disk, who
plays next, and the standings (highest, lowest, average) after every finished game.
A mixin for the scene: it records the score of each named player at the table when a
game ends (Player 1's, and Player 2's when a person plays them and they were picked
from the tournament) and asks no question when the same player starts the same cards
over."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game import storage
from game.engine.ui import Dialog
from game.rules.poker_squares_tournament import MAX_PLAYERS, Tournament, rules_of

if TYPE_CHECKING:  # a mixin: mypy checks it as the GameScene it is mixed into
    from scenes.game_scene import GameScene as _Scene
else:
    _Scene = object

KIND, VERSION = "poker-squares-tournament", 1


class TournamentPlay(_Scene):
    """Mixed into the scene before GameScene; needs ``app``, ``hud``, ``client``,
    ``view``, ``viewer``/``demo`` and ``second_cursor`` (None: no person plays Player 2)
    from it."""

    tournament: Tournament | None = None
    tournament_note = ""  # why the last game was not counted ("": it was, or no tournament)
    second_cursor: int | None  # SecondPlayer's

    @property
    def tournament_path(self) -> Path:
        return self.app.save_dir / "poker-squares-tournament.json"

    def load_tournament(self) -> None:
        result = storage.read_parsed(self.tournament_path, KIND, VERSION,
                                     lambda data: Tournament.from_json(data.get("tournament")),
                                     consequence="a new tournament can be started")
        if result.problem:
            self.app.problems.append(result.problem)
        self.tournament = result.value

    def save_tournament(self) -> None:
        if self.tournament is None:
            return
        try:
            storage.write_json_atomic(self.tournament_path, {
                "kind": KIND, "version": VERSION, "tournament": self.tournament.to_json()})
        except OSError as exc:
            self.hud.say(f"The tournament could not be saved: {exc}", error=True)

    # -- during play ---------------------------------------------------------------------

    def replaying(self) -> bool:
        """Is the current player playing cards they have finished before?"""
        return self.tournament is not None and self.tournament.is_replay(self.client.deal)

    def record_result(self, score: int, second: int | None = None) -> None:
        """A game just ended: count it for Player 1 and (``second``: their score, when a
        person played them) Player 2, then show the table."""
        if self.tournament is None or self.viewer or self.demo:
            return
        if self.second_cursor is None:
            second = None  # the computer played Player 2, or nobody did
        rules = rules_of(self.view.options)
        self.tournament_note = self.tournament.refusal(rules) or ""  # like with like only
        if self.tournament_note:
            return
        self.tournament = self.tournament.record_game(self.client.deal, score, second, rules)
        self.save_tournament()

    def standings_text(self) -> str:
        """One line per player (who plays now marked); the figures of one player are
        held together by no-break spaces, so a narrow box never splits "(2 games)"."""
        t = self.tournament
        if t is None:
            return "No tournament yet."
        marks = {t.current: "\u25b6 "}
        if t.second is not None and self.second_cursor is not None:
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
        self.hud.ask(Dialog("Players", body, choices, self._players_choice,
                            cancel_key="close", height=420))

    def _players_choice(self, choice: str) -> None:
        if choice == "new":
            self.ask_names([])
        elif choice.startswith("p") and self.tournament is not None:
            self.tournament = self.tournament.choose(int(choice[1:]))
            self.save_tournament()
            if self.second_cursor is not None and len(self.tournament.players) > 1:
                self.ask_second()
            else:
                self.hud.say(f"{self.tournament.player.name} plays the next game.")

    second_asked = False  # this table has asked who the person at Player 2 is

    def ask_second_if_unknown(self) -> None:
        """A person plays Player 2 and nobody has said who: ask (a new tournament, or
        Player 2 just joined). A Player 2 kept with the tournament is not asked for
        again; the computer needs no name."""
        t = self.tournament
        if (t is not None and self.second_cursor is not None and len(t.players) > 1
                and t.second is None and not self.second_asked and self.hud.dialog is None):
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
        self.hud.ask(Dialog("Player 2", f"{t.player.name} plays Player 1. Who plays Player 2?",
                            others + [("guest", "A guest", "g")], self._second_choice,
                            cancel_key="guest", height=360))

    def _second_choice(self, choice: str) -> None:
        if self.tournament is None:
            return
        index = int(choice[1:]) if choice.startswith("s") else None
        self.tournament = self.tournament.choose_second(index)
        self.save_tournament()
        second = self.tournament.second_player
        self.hud.say(f"{self.tournament.player.name} plays Player 1, "
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
                self.app.error(f"{name} is in the tournament already.")
            if names and (not name or len(names) == MAX_PLAYERS):
                rules = rules_of(self.view.options)  # the rules on the table now
                self.tournament = Tournament.of(names, rules)
                self.save_tournament()
                self.hud.say(f"A new tournament: {', '.join(names)}, playing {rules.title}. "
                             f"{names[0]} plays first.")
                self.second_asked = False  # new people: who plays Player 2 is asked again
                self.ask_second_if_unknown()
            else:
                self.ask_names(names)

        dialog = Dialog(f"Player {number}", hint, [("ok", "OK", "")], then, text="")
        self.hud.ask(dialog)

    def finished_body(self, body: str) -> str:
        """The game-over words, with the standings (a line each) when a tournament is on."""
        if self.tournament is None:
            return body
        note = f"\n{self.tournament_note}" if self.tournament_note else ""
        return f"{body}{note}\n{self.standings_text()}"


def keep_together(line: str) -> str:
    """A standings line whose parts do not break apart: the name and its figures stay
    whole, "(2 games)" is one word, and only the spaces after commas may wrap."""
    return line.replace(", ", ",\n").replace(" ", "\u00a0").replace(",\n", ", ")

