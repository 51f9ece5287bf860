"""pymunk for physics-flavoured motion: dealt cards fly out with velocity and spin
and settle on damped springs; a dragged card hangs from the pointer on a pivot.

Presentation only: a space is never saved, copied or restored. The same build and
the same steps give the same motion, so headless runs are repeatable.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

import pymunk

CARD_MASS = 1.0


def _damped(rate: float) -> Callable[[pymunk.Body, tuple[float, float], float, float], None]:
    """Velocity integration with isotropic damping: v and w shrink by e^(-rate dt)."""

    def update(body: pymunk.Body, gravity: tuple[float, float], _damping: float,
               dt: float) -> None:
        pymunk.Body.update_velocity(body, gravity, math.exp(-rate * dt), dt)

    return update


class CardPhysics:
    def __init__(self, card_w: float, card_h: float, seed: int = 0) -> None:
        self.space = pymunk.Space()
        self.space.gravity = (0, 0)
        self.space.damping = 0.35  # keep 35 % of velocity per second: flights calm down quickly
        self.space.idle_speed_threshold = 2.0
        self.card_w, self.card_h = card_w, card_h
        self.rng = random.Random(seed)
        self.mouse = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        self.space.add(self.mouse)

    def _card_body(self, cx: float, cy: float) -> pymunk.Body:
        moment = pymunk.moment_for_box(CARD_MASS, (self.card_w, self.card_h))
        body = pymunk.Body(CARD_MASS, moment)
        body.position = cx, cy
        return body

    def launch(self, origin: tuple[float, float], target: tuple[float, float],
               stiffness_scale: float) -> tuple[pymunk.Body, list[pymunk.Constraint]]:
        """A body leaving ``origin`` (centre) towards ``target`` with some spin,
        pulled home by a damped spring; returns the body and its constraints."""
        body = self._card_body(*origin)
        dx, dy = target[0] - origin[0], target[1] - origin[1]
        spread = 0.25
        body.velocity = (dx * (2.2 + self.rng.uniform(-spread, spread)),
                         dy * (2.2 + self.rng.uniform(-spread, spread)))
        body.angular_velocity = self.rng.uniform(-9.0, 9.0)
        # Springs from the wanted natural frequency: k = m w^2 (I w^2 for turning). A
        # zero-length spring damps only along its axis, so a card flung sideways would
        # orbit its target; the damping is applied to all motion instead (2 zeta w).
        omega = 13.0 * math.sqrt(stiffness_scale)
        body.velocity_func = _damped(2 * 0.75 * omega)
        spring = pymunk.DampedSpring(self.space.static_body, body, target, (0, 0), 0.0,
                                     CARD_MASS * omega ** 2, 0.0)
        spin = pymunk.DampedRotarySpring(self.space.static_body, body, 0.0,
                                         body.moment * omega ** 2, 0.0)
        self.space.add(body, spring, spin)
        return body, [spring, spin]

    def grab(self, centre: tuple[float, float], pointer: tuple[float, float]
             ) -> tuple[pymunk.Body, list[pymunk.Constraint]]:
        """A card hanging from the pointer: it follows with a little swing."""
        body = self._card_body(*centre)
        self.mouse.position = pointer
        self.mouse.velocity = (0, 0)
        anchor = body.world_to_local(pointer)
        pivot = pymunk.PivotJoint(self.mouse, body, (0, 0), anchor)
        pivot.max_force = 400000.0
        pivot.error_bias = pow(1 - 0.35, 60)
        turn = body.moment * 30.0 ** 2
        upright = pymunk.DampedRotarySpring(self.space.static_body, body, 0.0, turn,
                                            2 * math.sqrt(turn * body.moment) * 0.5)
        self.space.add(body, pivot, upright)
        return body, [pivot, upright]

    def move_pointer(self, pointer: tuple[float, float], dt: float) -> None:
        # A kinematic body moves by its velocity during the step: aim it at the pointer.
        old = self.mouse.position
        self.mouse.velocity = ((pointer[0] - old.x) / dt, (pointer[1] - old.y) / dt)

    def remove(self, body: pymunk.Body, constraints: list[pymunk.Constraint]) -> None:
        self.space.remove(*constraints, body)

    def step(self, dt: float) -> None:
        self.space.step(dt)
