"""The solvers' jobs in a fuzz run. Each Background's workers hand their jobs to one
queue, and the answers are handed over when the fuzzer says (``run``, at seeded
moments), so they reach the game on the same frame in every run.

In rounds with ``threads`` on, each job runs at once on a real worker thread, as in
play (game/engine/jobs.py), while the game waits: the jobs meet real threads, and their
answers still come at the same moments. Not beside the frames: a computer player's
agent is shared by its job and the table (a new deal resets it), so a job running
while the table moves on could make two runs of a seed differ."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, wait
from dataclasses import dataclass
from typing import Any

from game.engine.jobs import Worker, run_job

THREAD_SECONDS = 120.0  # a job on a thread that takes longer is reported as hung


@dataclass
class _Job:
    future: Future[Any]  # the game's: done only when handed over
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    answer: Future[Any] | None = None  # the worker thread's, in a thread round


class JobQueue:
    def __init__(self) -> None:
        self.threads = False  # jobs of workers made from now on start on real threads
        self._waiting: list[_Job] = []

    def worker(self) -> Lane:
        """What a Background takes for each of its lanes (jobs.make_worker)."""
        return Lane(self, Worker() if self.threads else None)

    def run(self) -> None:
        """Hand over every answer still wanted, oldest first: run the job here, or wait
        for its thread."""
        waiting, self._waiting = self._waiting, []
        for job in waiting:
            if job.answer is None:
                run_job(job.future, job.fn, job.args)
            elif not job.future.cancelled():
                _hand_over(job.answer, job.future)


class Lane:
    """One Background lane's worker: its jobs go to the queue (and, given a thread, run
    on it at once)."""

    def __init__(self, queue: JobQueue, thread: Worker | None) -> None:
        self.queue, self.thread = queue, thread

    def put(self, future: Future[Any], fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        job = _Job(future, fn, args)
        if self.thread is not None:
            answer: Future[Any] = Future()
            job.answer = answer
            self.thread.put(answer, fn, args)
            wait([answer], THREAD_SECONDS)
        self.queue._waiting.append(job)

    def stop(self) -> None:
        """A Background closing cancels its own futures; its thread ends."""
        if self.thread is not None:
            self.thread.stop()


def _hand_over(answer: Future[Any], future: Future[Any]) -> None:
    """The thread's answer (or its failure) becomes the game's."""
    try:
        value = answer.result(0)  # done: the game waited for it (TimeoutError: hung)
    except BaseException as exc:  # noqa: BLE001 - handed to whoever asks, as run_job does
        if future.set_running_or_notify_cancel():
            future.set_exception(exc)
        return
    if future.set_running_or_notify_cancel():
        future.set_result(value)
