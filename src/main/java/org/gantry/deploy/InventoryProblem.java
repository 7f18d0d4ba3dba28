package org.gantry.deploy;

/** One mistake in an inventory file, at its 1-based line and column. */
public record InventoryProblem(int line, int column, String message) {

    @Override
    public String toString() {
        return "line " + line + ", column " + column + ": " + message;
    }
}
