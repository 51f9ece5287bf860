"""Tournament play for the Pyramid scene: six games with two redeals each, net Par.

Alone, against a second player at the same machine (hot seat) or against the
computer, which plays its games visibly at the Computer speed setting. In a match
the commands HINT, TOUR, AUTO and QUIT give way to TOP 10, SAVE, SCORE and EXIT;
NEW starts the match again with the same players. Undo is off: the score counts.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import seeds, storage
from game.engine.ui import Dialog, confirm
from game.highscores import HighScores
from game.match import Entrant, Match
from game.replay.recorder import Recorder
from game.rules import pyramid as P
from game.rules.registry import RULES_BY_ID

if TYPE_CHECKING:  # a mixin: mypy checks it as the GameScene it is mixed into
    from scenes.game_scene import GameScene

    _Scene = GameScene[P.PyramidView, P.Move]
else:
    _Scene = object

MATCH_KIND = "pyramid-tournament"
MATCH_VERSION = 2  # 1 was the Pyramid-only tournament format
MATCH_GAMES = 6
MAX_ENTRANTS = 2
STANDARD_COMMANDS = [("draw", "Draw", "d"), ("hint", "Hint", "h"), ("new", "New", "n"),
                     ("undo", "Undo", "u"), ("redo", "Redo", "r"), ("auto", "Auto", "a"),
                     ("tour", "Tour", "t"), ("config", "Config", "c"), ("help", "? Help", "?"),
                     ("info", "Info", "i"), ("menu", "Menu", "m"), ("quit", "Quit", "q")]
MATCH_COMMANDS = [("draw", "Draw", "d"), ("top10", "Top 10", "t"), ("new", "New", "n"),
                  ("save", "Save", "s"), ("score", "Score", "o"), ("config", "Config", "c"),
                  ("help", "? Help", "?"), ("info", "Info", "i"), ("menu", "Menu", "m"),
                  ("exit", "Exit", "e")]


class MatchPlay(_Scene):
    """Mixed into PyramidScene; ``self.match`` is None in standard play."""

    match: Match | None
    match_turn: tuple[int, int] | None  # (game, entrant) whose game is on the table

    def set_buttons(self, commands: list[tuple[str, str, str]]) -> None:
        raise NotImplementedError  # PyramidScene's

    @property
    def current_match(self) -> Match:
        """The match under way, for the methods that only run during one."""
        assert self.match is not None
        return self.match

    @property
    def upcoming_turn(self) -> tuple[int, int]:
        """(game, entrant) to play next in the match under way, which is not finished."""
        turn = self.current_match.next_turn
        assert turn is not None
        return turn

    # -- files ------------------------------------------------------------------------

    @property
    def match_path(self) -> Path:
        return self.app.save_dir / "pyramid-tournament.json"

    def top_ten(self) -> HighScores:
        table = HighScores(self.app.save_dir / "pyramid-top10.json", minimum=0)
        if table.problem:
            self.app.problems.append(table.problem)
        return table

    def autosave_extra(self) -> dict[str, Any]:
        return {"match": self.match.to_json()} if self.match is not None else {}

    def restore_extra(self, data: dict[str, Any], over: bool) -> bool:
        """A match in the autosave comes back with its game; a game that had just ended
        (the player left between two games) is followed by the next one."""
        if data.get("match") is None:
            return not over
        try:
            match = read_match(data["match"])
        except ValueError as exc:
            self.app.problems.append(f"The tournament in the saved game was damaged ({exc}); "
                                     "standard play goes on.")
            return not over
        if match.finished:
            self.app.problems.append("The saved tournament was already complete.")
            return False
        self.match = match
        self._between_games = over
        return True

    def keeps_autosave(self) -> bool:
        return self.match is not None or super().keeps_autosave()

    # -- starting and ending ------------------------------------------------------------

    def ask_tour(self) -> None:
        self.hud.ask(Dialog(
            "Tournament", f"{MATCH_GAMES} games, two redeals each, scored by net Par. "
            "Who is the opponent?",
            [("none", "Alone", "a"), ("human", "Human", "h"), ("computer", "Computer", "c"),
             ("restore", "Restore", "r"), ("cancel", "Cancel", "")], self._tour_choice,
            cancel_key="cancel"))

    def _tour_choice(self, choice: str) -> None:
        if choice == "restore":
            self.restore_match()
        elif choice == "none":
            self.ask_name("Your name", "Player", lambda a: self.start_match([Entrant(a)]))
        elif choice == "human":
            self.ask_name("First player's name", "Player 1", lambda a: self.ask_name(
                "Second player's name", "Player 2",
                lambda b: self.start_match([Entrant(a), Entrant(b)])))
        elif choice == "computer":
            self.ask_name("Your name", "Player", lambda a: self.start_match(
                [Entrant(a), Entrant("Computer", computer=True)]))

    def ask_name(self, title: str, default: str, then: Callable[[str], None]) -> None:
        dialog = Dialog(title, "Type a name, then press Enter.", [("ok", "OK", "")],
                        lambda _: then((dialog.text or "").strip() or default), cancel_key=None,
                        text=default)
        self.hud.ask(dialog)

    def start_match(self, entrants: list[Entrant]) -> None:
        self.match = Match(tuple(entrants), seeds.fresh(),
                           MATCH_GAMES, self.option("same_deck"), max_entrants=MAX_ENTRANTS)
        self.set_commands()
        self.begin_turn()

    def begin_turn(self) -> None:
        game, who = self.match_turn = self.upcoming_turn
        entrant = self.current_match.entrants[who]
        self.set_computer(self.seat, entrant.computer)
        # A tournament: no take-backs.
        self.new_game(self.current_match.deal_seed(game, who), undo=False)
        self.hud.say(f"Game {game + 1} of {MATCH_GAMES}: {entrant.name} to play.", seconds=6)

    def exit_match(self) -> None:
        self.match = self.match_turn = None
        self.set_computer(self.seat, False)
        self.set_commands()
        self.new_game()

    def set_commands(self) -> None:
        self.set_buttons(MATCH_COMMANDS if self.match is not None else STANDARD_COMMANDS)

    # -- a game of the match ends ---------------------------------------------------------

    def entrant_playing(self) -> Entrant | None:
        """Whose match game is on the table (None in standard play)."""
        turn = self.match.next_turn if self.match is not None else None
        return self.current_match.entrants[turn[1]] if turn is not None else None

    def own_seat(self) -> int | None:
        """A match game the computer's entrant plays is none of the player's: it is not
        counted, and not celebrated as theirs."""
        entrant = self.entrant_playing()
        return None if entrant is not None and entrant.computer else super().own_seat()

    def celebration_banner(self, view: P.PyramidView) -> str:
        entrant = self.entrant_playing()
        return super().celebration_banner(view) if entrant is None else f"{entrant.name} won!"

    def player_names(self) -> list[str]:
        entrant = self.entrant_playing()
        return super().player_names() if entrant is None else [entrant.name]

    def match_game_over(self, view: P.PyramidView) -> None:
        game, who = self.upcoming_turn
        name = self.current_match.entrants[who].name
        self.match = self.current_match.record(view.score)
        self.set_computer(self.seat, False)
        if self.match.finished:
            self.finish_match()
            return
        next_game, next_who = self.upcoming_turn
        self.hud.ask(Dialog(
            f"Game {game + 1} of {MATCH_GAMES} over",
            f"{name} scored {view.score:+d} (net {self.match.total(who):+d}). Next: "
            f"{self.match.entrants[next_who].name}, game {next_game + 1}.",
            [("go", "Continue", "c")], lambda _: self.begin_turn(), cancel_key="go"))

    def finish_match(self) -> None:
        table = self.top_ten()
        lines = [f"{name}: {net:+d}" for name, net in self.current_match.standings()]
        for i, entrant in enumerate(self.current_match.entrants):
            if not entrant.computer:
                place = table.add(entrant.name, self.current_match.total(i))
                if place is not None:
                    lines.append(f"{entrant.name} enters the top ten at number {place}!")
        winner = self.current_match.winner()
        title = "Match over" if len(self.current_match.entrants) == 1 else (
            f"{winner} wins the match" if winner else "The match is a tie")
        if len(self.current_match.entrants) == 1:
            net = self.current_match.total(0)
            lines.insert(0, "Par beaten!" if net > 0 else "Par is a net 0: try again.")
        try:
            self.match_path.unlink(missing_ok=True)  # a finished match is not restored
        except OSError as exc:  # a folder in its place: the match is over all the same
            self.app.problems.append(f"The saved tournament could not be removed: {exc}")
        self.hud.ask(Dialog(title, "\n".join(lines),
                            [("again", "New match", "n"), ("top10", "Top 10", "t"),
                             ("exit", "Exit", "e")], self._after_match, cancel_key="exit",
                            height=420))

    def _after_match(self, choice: str) -> None:
        if choice == "again":
            self.start_match(list(self.current_match.entrants))
        elif choice == "top10":
            self.show_top_ten(then=self.exit_match)
        else:
            self.exit_match()

    # -- commands --------------------------------------------------------------------------

    def match_command(self, key: str) -> bool:
        if key == "top10":
            self.show_top_ten()
        elif key == "score":
            self.show_score()
        elif key == "save":
            self.save_match()
        elif key == "exit":
            confirm(self.hud, "Exit tournament", "Leave the match and go back to standard play? "
                    "Save it first to finish it later.", self.exit_match)
        elif key == "new":
            confirm(self.hud, "New match", "Start the match again with the same players?",
                    lambda: self.start_match(list(self.current_match.entrants)))
        else:
            return False
        return True

    def show_top_ten(self, then: Callable[[], None] | None = None) -> None:
        entries = self.top_ten().entries
        body = "\n".join(f"{i + 1}. {e.name}  {e.score:+d}  ({e.day})"
                         for i, e in enumerate(entries)) or "No scores yet: beat par to enter."
        self.hud.ask(Dialog("Top 10", body, [("ok", "OK", "o")],
                            lambda _: then() if then else None, cancel_key="ok", height=660))

    def show_score(self) -> None:
        rows = []
        match = self.current_match
        view = self.view
        for i, entrant in enumerate(match.entrants):
            games = " ".join(f"{s:+d}" for s in match.scores[i])
            rows.append(f"{entrant.name}: {games}   net {match.total(i):+d}" if games
                        else f"{entrant.name}: no games yet")
        turn = match.next_turn
        if turn is not None:
            rows.append(f"Now: game {turn[0] + 1} of {MATCH_GAMES}, "
                        f"{match.entrants[turn[1]].name} (Par so far "
                        f"{view.score:+d}).")
        self.hud.ask(Dialog("Score", "\n".join(rows), [("ok", "OK", "o")], lambda _: None,
                            cancel_key="ok", height=420))

    def save_match(self) -> None:
        try:
            recorder = self.recorder
            assert recorder is not None  # a match is played at this machine
            storage.write_json_atomic(self.match_path, {
                "kind": MATCH_KIND, "version": MATCH_VERSION, "match": self.current_match.to_json(),
                "game": recorder.to_json()})
        except OSError as exc:
            self.hud.say(f"The tournament could not be saved: {exc}", error=True)
            return
        self.hud.say("Tournament saved: choose Tour, then Restore, to carry on later.")

    def restore_match(self) -> None:
        result = storage.read_parsed(self.match_path, MATCH_KIND, MATCH_VERSION, saved_match,
                                     consequence="no tournament was restored")
        if result.problem:
            self.app.problems.append(result.problem)
        if result.value is None:
            if result.problem is None:
                self.app.error("There is no saved tournament.")
            return
        match, game = result.value
        self.match = match
        self.set_commands()
        game.undo_allowed = False  # a save from before the log kept the rule itself
        self.adopt_recorder(game)
        self.resume_turn()
        self.hud.say("Tournament restored.")

    def resume_turn(self) -> None:
        """After a restore: the computer carries on with its game; a game that had ended
        is followed by the next one."""
        if self.over:
            self.begin_turn()
            return
        _, who = self.match_turn = self.upcoming_turn
        self.set_computer(self.seat, self.current_match.entrants[who].computer)


def read_match(data: Any) -> Match:
    return Match.from_json(data, MATCH_GAMES, MAX_ENTRANTS)


def saved_match(data: dict[str, Any]) -> tuple[Match, Recorder[Any, Any]]:
    """A saved tournament and its game in progress; ValueError if either is unusable."""
    match = read_match(data.get("match"))
    if match.finished:
        raise ValueError("it was already complete")
    return match, Recorder.from_json(data.get("game"), RULES_BY_ID)
