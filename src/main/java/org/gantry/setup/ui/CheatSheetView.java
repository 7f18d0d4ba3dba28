package org.gantry.setup.ui;

import com.vaadin.flow.component.Html;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.html.Div;
import com.vaadin.flow.component.html.H2;
import com.vaadin.flow.component.icon.VaadinIcon;
import com.vaadin.flow.component.orderedlayout.FlexComponent;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.dom.Element;
import com.vaadin.flow.router.Menu;
import com.vaadin.flow.router.PageTitle;
import com.vaadin.flow.router.Route;
import com.vaadin.flow.server.VaadinServletRequest;
import jakarta.annotation.security.PermitAll;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.gantry.setup.ServerAddress;

/**
 * One page of the most used CLI commands, REST routes, job YAML fields, deps and templates,
 * laid out in columns on screen and on exactly one A4/Letter page when printed (the print
 * styles hide the app shell and shrink the type). The text is cheat-sheet.html beside this class.
 */
@Route("help/cheat-sheet")
@PageTitle("Cheat sheet · Gantry")
@Menu(title = "Cheat sheet", order = 71, icon = "vaadin:clipboard-text")
@PermitAll
class CheatSheetView extends Div {

    private static final String STYLE = """
            .cheat-sheet { columns: 3 22em; column-gap: 1.5em; font-size: var(--lumo-font-size-s); }
            .cheat-sheet section { break-inside: avoid; margin-bottom: 0.8em; }
            .cheat-sheet h3 { font-size: var(--lumo-font-size-m); margin: 0 0 0.3em; }
            .cheat-sheet dl { margin: 0; display: grid; grid-template-columns: auto; }
            .cheat-sheet dt { font-family: var(--lumo-font-family-monospace, monospace); font-size: 0.92em;
                              overflow-wrap: anywhere; margin-top: 0.3em; }
            .cheat-sheet dd { margin: 0 0 0 1em; color: var(--lumo-secondary-text-color); }
            .cheat-sheet pre { margin: 0.2em 0; font-size: 0.9em; white-space: pre-wrap; overflow-wrap: anywhere;
                               background: var(--lumo-contrast-5pct); padding: 0.3em 0.5em;
                               border-radius: var(--lumo-border-radius-s); }
            .cheat-sheet p { margin: 0.2em 0; }
            @media print {
              @page { size: A4 portrait; margin: 9mm; }
              vaadin-app-layout::part(navbar), vaadin-app-layout::part(drawer), .cheat-sheet-actions { display: none; }
              vaadin-app-layout { --vaadin-app-layout-drawer-offset-left: 0px; --vaadin-app-layout-navbar-offset-top: 0px;
                                  --_vaadin-app-layout-drawer-offset-size: 0px; --_vaadin-app-layout-navbar-offset-size: 0px; }
              vaadin-app-layout::part(content) { padding: 0 !important; }
              .cheat-sheet-page { padding: 0 !important; }
              .cheat-sheet-page h2 { font-size: 12pt; margin: 0 0 2mm; }
              .cheat-sheet { columns: 3; column-gap: 4mm; font-size: 6.6pt; line-height: 1.25; color: #000; }
              .cheat-sheet h3 { font-size: 7.8pt; }
              .cheat-sheet dd { color: #333; }
              .cheat-sheet pre { background: none; border-left: 0.5mm solid #bbb; padding: 0 0 0 1.5mm; }
            }
            """;

    final Button print = new Button("Print", VaadinIcon.PRINT.create());

    CheatSheetView(ServerAddress address) {
        addClassName("cheat-sheet-page");
        getStyle().set("padding", "var(--lumo-space-m)").set("box-sizing", "border-box");
        Element style = new Element("style");
        style.setText(STYLE);
        getElement().appendChild(style);

        print.setId("print-cheat-sheet");
        print.addThemeVariants(ButtonVariant.LUMO_TERTIARY);
        print.addClickListener(e -> print.getUI().ifPresent(ui -> ui.getPage().executeJs("window.print()")));
        H2 title = new H2("Gantry cheat sheet");
        title.getStyle().set("margin", "0");
        HorizontalLayout header = new HorizontalLayout(title, print);
        header.setAlignItems(FlexComponent.Alignment.BASELINE);
        header.getStyle().set("margin-bottom", "var(--lumo-space-s)");
        print.addClassName("cheat-sheet-actions");

        String server = address.of(VaadinServletRequest.getCurrent().getHttpServletRequest());
        Html sheet = new Html(text().replace("@SERVER@", escape(server)));
        sheet.setId("cheat-sheet");
        add(header, sheet);
    }

    private static String text() {
        try (InputStream in = CheatSheetView.class.getResourceAsStream("cheat-sheet.html")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
