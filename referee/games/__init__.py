"""The games the referee knows, each a package of its own: ``bourre`` and ``euchre``."""
