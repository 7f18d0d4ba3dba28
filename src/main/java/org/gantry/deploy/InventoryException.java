package org.gantry.deploy;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/** An inventory that cannot be used, with every problem found in it. */
public class InventoryException extends RuntimeException {

    private final transient List<InventoryProblem> problems;

    public InventoryException(Path file, List<InventoryProblem> problems) {
        super(problems.size() + (problems.size() == 1 ? " problem" : " problems") + " in " + file + ":\n"
                + problems.stream().map(p -> "  " + file.getFileName() + ":" + p.line() + ":" + p.column() + ": "
                + p.message()).collect(Collectors.joining("\n")));
        this.problems = List.copyOf(problems);
    }

    public List<InventoryProblem> problems() {
        return problems;
    }
}
