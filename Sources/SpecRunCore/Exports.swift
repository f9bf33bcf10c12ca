@_exported import Messages
