// Chat
