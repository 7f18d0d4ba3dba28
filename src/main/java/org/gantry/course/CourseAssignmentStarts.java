package org.gantry.course;

import java.util.Optional;
import org.gantry.job.AssignmentStarts;
import org.springframework.stereotype.Component;

/** The courses' assignments for the job editor (see {@link AssignmentStarts}). */
@Component
class CourseAssignmentStarts implements AssignmentStarts {

    private final CourseAssignments assignments;

    CourseAssignmentStarts(CourseAssignments assignments) {
        this.assignments = assignments;
    }

    @Override
    public Optional<Start> open(long assignmentId) {
        return assignments.find(assignmentId).map(a -> new Start(a.id(), a.title(),
                assignments.prefill(a.courseId(), a.id())));
    }

    @Override
    public void check(long assignmentId, String yaml) {
        Assignment a = assignments.find(assignmentId).orElseThrow(() -> CourseException.notFound("Assignment "
                + assignmentId));
        assignments.check(a.courseId(), a.id(), yaml);
    }

    @Override
    public void recordJob(long assignmentId, String owner, String jobName) {
        assignments.recordJob(assignmentId, owner, jobName);
    }
}
