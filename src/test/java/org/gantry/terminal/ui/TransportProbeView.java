package org.gantry.terminal.ui;

import com.vaadin.flow.component.ClientCallable;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.router.Route;
import jakarta.annotation.security.PermitAll;

/**
 * For {@link TerminalTransportBench} only: a round trip through Vaadin's own channel (a
 * {@code @ClientCallable} answered over push), the alternative to the terminal's WebSocket.
 */
@Route("test/transport-probe")
@PermitAll
class TransportProbeView extends Div {

    TransportProbeView() {
        setId("transport-probe");
        setText("Transport probe");
    }

    @ClientCallable
    String echo(String text) {
        return text;
    }
}
