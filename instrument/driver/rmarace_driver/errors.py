"""The one error type of the driver: a message for the user, never a traceback."""


class DriverError(Exception):
    """A problem the user can fix; main() prints it as `rmarace-cc: error: <message>`."""
