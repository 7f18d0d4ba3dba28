package org.gantry.terminal.ui;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.component.HasSize;
import com.vaadin.flow.component.Tag;
import com.vaadin.flow.component.dependency.JsModule;
import com.vaadin.flow.component.dependency.NpmPackage;

/**
 * xterm.js in a Vaadin view, talking to one browser terminal over its own WebSocket
 * ({@link TerminalSocketHandler}); the client side is frontend/terminal/gantry-terminal.js.
 */
@Tag("gantry-terminal")
@NpmPackage(value = "@xterm/xterm", version = "6.0.0")
@NpmPackage(value = "@xterm/addon-fit", version = "0.11.0")
@JsModule("./terminal/gantry-terminal.js")
class GantryTerminal extends Component implements HasSize {

    GantryTerminal(String terminalId) {
        getElement().setAttribute("socket-path", TerminalSocketHandler.PATH + terminalId);
    }
}
