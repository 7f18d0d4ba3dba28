package org.gantry.terminal.ui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.Principal;
import java.util.Map;
import java.util.Optional;
import org.gantry.terminal.BrowserTerminal;
import org.gantry.terminal.BrowserTerminals;
import org.gantry.terminal.TerminalSize;
import org.springframework.web.socket.BinaryMessage;
import org.springframework.web.socket.CloseStatus;
import org.springframework.web.socket.TextMessage;
import org.springframework.web.socket.WebSocketSession;
import org.springframework.web.socket.handler.AbstractWebSocketHandler;

/**
 * The browser terminal's wire: binary frames carry bytes (keystrokes in, output out), text
 * frames carry JSON control messages. Client to server: {@code {"type":"resize","cols","rows"}},
 * {@code {"type":"ack","bytes"}} after xterm.js has rendered output, {@code {"type":"ping"}}.
 * Server to client: {@code {"type":"state","state","message"}}.
 *
 * <p>The socket's path names the terminal ({@code /terminal-socket/<id>}); it is honoured only
 * for the signed-in user who opened that terminal.
 */
class TerminalSocketHandler extends AbstractWebSocketHandler {

    static final String PATH = "/terminal-socket/";
    /** Close code telling the client not to reconnect: the terminal is gone or not theirs. */
    static final int GONE = 4404;
    private static final int PASTE_MAX = 1024 * 1024;
    private static final String PEER = "gantry.terminal.peer";
    private static final String TERMINAL = "gantry.terminal";

    private final BrowserTerminals terminals;
    private final ObjectMapper json;

    TerminalSocketHandler(BrowserTerminals terminals, ObjectMapper json) {
        this.terminals = terminals;
        this.json = json;
    }

    @Override
    public void afterConnectionEstablished(WebSocketSession session) throws IOException {
        session.setBinaryMessageSizeLimit(PASTE_MAX);
        session.setTextMessageSizeLimit(64 * 1024);
        Principal user = session.getPrincipal();
        String path = session.getUri() == null ? "" : session.getUri().getPath();
        String id = path.substring(path.lastIndexOf('/') + 1);
        Optional<BrowserTerminal> terminal = user == null ? Optional.empty() : terminals.find(id, user.getName());
        if (terminal.isEmpty()) {
            session.close(new CloseStatus(GONE, "No such terminal"));
            return;
        }
        Peer peer = new Peer(session);
        session.getAttributes().put(PEER, peer);
        session.getAttributes().put(TERMINAL, terminal.get());
        terminal.get().attach(peer);
    }

    @Override
    protected void handleBinaryMessage(WebSocketSession session, BinaryMessage message) throws IOException {
        BrowserTerminal terminal = (BrowserTerminal) session.getAttributes().get(TERMINAL);
        if (terminal != null) {
            ByteBuffer payload = message.getPayload();
            byte[] bytes = new byte[payload.remaining()];
            payload.get(bytes);
            terminal.input(bytes);
        }
    }

    @Override
    protected void handleTextMessage(WebSocketSession session, TextMessage message) throws IOException {
        BrowserTerminal terminal = (BrowserTerminal) session.getAttributes().get(TERMINAL);
        if (terminal == null) {
            return;
        }
        JsonNode control = json.readTree(message.getPayload());
        switch (control.path("type").asText()) {
            case "resize" -> terminal.resize(new TerminalSize(control.path("cols").asInt(), control.path("rows").asInt()));
            case "ack" -> terminal.acknowledge(control.path("bytes").asLong());
            default -> {
                // "ping" keeps proxies from closing a quiet socket; nothing to do.
            }
        }
    }

    @Override
    public void afterConnectionClosed(WebSocketSession session, CloseStatus status) {
        BrowserTerminal terminal = (BrowserTerminal) session.getAttributes().get(TERMINAL);
        Peer peer = (Peer) session.getAttributes().get(PEER);
        if (terminal != null && peer != null) {
            terminal.detach(peer);
        }
    }

    @Override
    public void handleTransportError(WebSocketSession session, Throwable exception) {
        afterConnectionClosed(session, CloseStatus.SERVER_ERROR);
    }

    /** Sends to one browser; BrowserTerminal calls it under its lock, so sends never overlap. */
    private final class Peer implements BrowserTerminal.Peer {

        private final WebSocketSession session;

        Peer(WebSocketSession session) {
            this.session = session;
        }

        @Override
        public void output(byte[] data, int offset, int length) throws IOException {
            if (length > 0) {
                session.sendMessage(new BinaryMessage(ByteBuffer.wrap(data.clone(), offset, length)));
            }
        }

        @Override
        public void event(String state, String message) throws IOException {
            session.sendMessage(new TextMessage(json.writeValueAsString(
                    Map.of("type", "state", "state", state, "message", message))));
        }

        @Override
        public void close() {
            try {
                session.close(new CloseStatus(GONE, "Opened in another window"));
            } catch (IOException e) {
                // Already closing.
            }
        }
    }
}
