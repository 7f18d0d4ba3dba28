package org.gantry.base.ui;

import com.vaadin.flow.component.Component;
import com.vaadin.flow.shared.Registration;
import java.util.function.IntConsumer;

/**
 * Tells a view the browser window's width when it is attached and whenever the window is resized,
 * so that it can show fewer grid columns on a phone-sized window. The listener goes with the view.
 */
public final class WindowWidth {

    /** Below this many pixels a view shows its narrow layout (the job editor stacks its panes below it too). */
    public static final int NARROW_PX = 760;

    private WindowWidth() {
    }

    /** Calls {@code onWidth} with the window's inner width in pixels on attach and on every resize. */
    public static void follow(Component view, IntConsumer onWidth) {
        Registration[] resizes = new Registration[1];
        view.addAttachListener(event -> {
            var page = event.getUI().getPage();
            page.retrieveExtendedClientDetails(details -> onWidth.accept(details.getWindowInnerWidth()));
            resizes[0] = page.addBrowserWindowResizeListener(e -> onWidth.accept(e.getWidth()));
        });
        view.addDetachListener(event -> {
            if (resizes[0] != null) {
                resizes[0].remove();
                resizes[0] = null;
            }
        });
    }

    /** Whether a window this wide gets the narrow layout. */
    public static boolean narrow(int pixels) {
        return pixels < NARROW_PX;
    }
}
