"""referee: a command-line referee for Bourré and Bid Euchre hand logs."""

__version__ = "0.1.0"
