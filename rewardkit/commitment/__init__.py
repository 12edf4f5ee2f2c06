"""When a statement commits to an answer.

A completion is paid for the answer it *commits* to. A statement commits to a value when it asserts that the
answer is that value, plainly: ``The answer is 45``, ``\\boxed{45}``, ``so she has 45 apples``. It does not
commit when it

* negates the value (``not 40``, ``isn't 40``) — unless it goes on to name the answer (``not 40, but 45``,
  ``not 40; it is 45``: then the named one is the answer);
* qualifies it (``at least 12``, ``more than 12``, ``over 12``, ``12 or more``, ``nearly 12``, ``≥ 12``);
* makes it conditional (``12 when the coupon applies``, ``12 if x > 0``, ``12 unless …``); where a value is
  attained is no condition on it (``The minimum is -4, attained when x = 1``, ``The maximum is 5 at x = 2``):
  the value stated first is the answer, the later one names its argument;
* hedges it with another value (``likely 6, though it might be 7``, ``6 (or 7)``, ``y = 2 or y = -2``);
* is followed by an answer to another reading of the question (``The answer is 12. For distinguishable coins,
  the answer would be 24.``, ``\\boxed{12} … If the order mattered, we would instead get \\boxed{24}``, ``18.
  (Note: if the eggs cost $3, it would be 27.)``, ``18. It would be 24 without the discount.``): the text
  answers two questions, one per reading, as ``72 (4 if we count Sunday)`` does in one statement; neither
  value is paid (an alternative that reaches the same value, ``Even if …, it would still be 12``, and a
  hypothetical set aside before the answer, ``If x were 3 …, but x = 4, so the answer is 12``, commit);
* is retracted afterwards (``The answer is 5. Wait, actually it is 6.``, ``Just kidding, it's 6``): the later
  statement is the answer, and a retraction with no later value (``Ignore that.``, ``Nope.``) leaves none;
* hedges it alone (``The answer is probably 72``, ``Maybe the answer is 72``, ``72 (not sure)``,
  ``72, I guess``, ``72 (I'm not 100% sure)``, ``72 (confidence: low)``; ``(confidence: 0.9)`` and ``I'm
  100% sure`` commit), doubts it with another as a question (``72. Hmm, or is it 70?``), disowns it (``The
  wrong answer is 72``, ``Bob's answer is 72``, ``One possible answer is 72``), goes on to change it (``72,
  plus 3``), offers another value as valid too (``72, but 96 also works``) or rejects it (``x = 5 is
  extraneous``, ``72 (rejected)``).

An approximation (``about 12``, ``approximately 3.14``) does commit: to a value known to be rounded, which
the equivalence rules compare as such. A statement that does not commit is AMBIGUOUS (the verdict of "did not
commit to one answer", its own bucket in reports), never paid.

>>> problem("The answer is ", " or more.")
"qualified: '… or more.' is a bound, not a value"
>>> problem("The answer is at least ", ".")
"qualified: 'The answer is at least …' states a bound, not a value"
>>> problem("", " when the coupon applies.")
"conditional: '… when the coupon applies.' makes the answer depend on a condition"
>>> problem("likely ", ", though it might be 7.")
"hedged: another value follows: '… , though it might be 7'"
>>> problem("not ", "; it is 45"), negation_corrected(", but 45")
(None, '45')
"""

from __future__ import annotations

# the one entry point callers ask (``commitment.problem``); the readers it asks live in this package's
# modules, each named for what it decides (whole_statement, bounds, conditions, hedges, retractions, ...), and
# callers that need one reader import that module. negation_corrected is here for the example above.
from rewardkit.commitment.negation import negation_corrected
from rewardkit.commitment.whole_statement import problem

__all__ = ["negation_corrected", "problem"]
