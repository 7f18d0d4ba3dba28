package org.gantry.terminal.ui;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.gantry.terminal.BrowserTerminals;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.socket.config.annotation.EnableWebSocket;
import org.springframework.web.socket.config.annotation.WebSocketConfigurer;
import org.springframework.web.socket.config.annotation.WebSocketHandlerRegistry;

/**
 * Serves the browser terminal's WebSocket. It sits behind the browser security chain: only a
 * signed-in session gets through, and the handler checks that the terminal is that user's.
 * See docs/decisions/0007-ssh-gateway-routing.md for why a socket of its own rather than Vaadin's push.
 */
@Configuration
@EnableWebSocket
class TerminalSocketConfiguration implements WebSocketConfigurer {

    private final BrowserTerminals terminals;
    private final ObjectMapper json;

    TerminalSocketConfiguration(BrowserTerminals terminals, ObjectMapper json) {
        this.terminals = terminals;
        this.json = json;
    }

    @Override
    public void registerWebSocketHandlers(WebSocketHandlerRegistry registry) {
        // Same origin only: the page that opens the socket is Gantry's own.
        registry.addHandler(new TerminalSocketHandler(terminals, json), TerminalSocketHandler.PATH + "*");
    }
}
