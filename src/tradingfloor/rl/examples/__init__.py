"""Short runnable examples of the RL interfaces (see docs/rl.md)."""
