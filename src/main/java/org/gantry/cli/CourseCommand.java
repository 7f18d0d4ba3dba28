package org.gantry.cli;

import picocli.CommandLine.Command;

/** {@code gantry course …}: the courses subcommands. */
@Command(name = "course", description = "List your courses, read their units, download notes, start assignments.",
        subcommands = {CourseListCommand.class, CourseGetCommand.class, CourseMaterialsCommand.class,
                CourseStartCommand.class})
class CourseCommand {
}
