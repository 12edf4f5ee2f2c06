"""The adversarial corpus: hostile completions and golds for the reliability tests (see corpus.py)."""
