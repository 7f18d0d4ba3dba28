package org.gantry.course;

/** Who is asking: their user id, name, and whether they are an administrator or an instructor. */
record Caller(long id, String username, boolean admin, boolean instructorRole) {

    /** SQL: the caller teaches course {@code c}. */
    static final String TEACHES = "(:admin or exists (select 1 from course_instructor ci where ci.course_id = c.id"
            + " and ci.user_id = :uid))";

    /** SQL: the caller is in course {@code c}'s audience. */
    static final String ATTENDS = "(exists (select 1 from course_group cg join user_group ug on ug.group_id = cg.group_id"
            + " where cg.course_id = c.id and ug.user_id = :uid) or exists (select 1 from course_member cm"
            + " where cm.course_id = c.id and cm.user_id = :uid))";
}
