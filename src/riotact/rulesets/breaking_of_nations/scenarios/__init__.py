"""Built-in scenarios of The Breaking of Nations."""
