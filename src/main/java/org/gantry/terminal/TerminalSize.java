package org.gantry.terminal;

/** A terminal's size in character cells. */
public record TerminalSize(int columns, int rows) {

    public static final TerminalSize DEFAULT = new TerminalSize(80, 24);

    public TerminalSize {
        // Zero or absurd sizes come from broken clients; a shell copes better with a sane default.
        if (columns <= 0 || columns > 10_000) {
            columns = 80;
        }
        if (rows <= 0 || rows > 10_000) {
            rows = 24;
        }
    }
}
