package org.gantry.course;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.gantry.marketplace.MarketplaceService;
import org.gantry.security.CurrentUser;
import org.gantry.security.GroupService;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.testsupport.TestSecurity;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;

/** A unit published for a later time, read by the audience through services on fixed clocks. */
@SpringBootTest
class ScheduledPublishingIT {

    static final Instant T0 = Instant.parse("2031-02-03T09:00:00Z");

    @Autowired
    NamedParameterJdbcTemplate jdbc;
    @Autowired
    CurrentUser currentUser;
    @Autowired
    MarketplaceService market;
    @Autowired
    UserService users;
    @Autowired
    GroupService groups;

    String teacher;
    String student;
    String group;

    @BeforeEach
    void people() {
        String id = UUID.randomUUID().toString().substring(0, 8);
        teacher = "tc" + id;
        student = "st" + id;
        group = "g" + id;
        TestSecurity.asAdmin(() -> {
            groups.saveGroup(group, "", List.of("default"));
            users.create(teacher, teacher + "-password", Role.INSTRUCTOR, "", List.of("default"));
            users.create(student, student + "-password", Role.USER, "", List.of("default", group));
        });
    }

    @Test
    void a_unit_published_for_later_appears_at_its_time_and_is_new_until_the_next_visit() {
        long course = TestSecurity.as(teacher, Role.INSTRUCTOR, () -> {
            long id = courses(T0).create(CourseDraft.of("SCH" + group, "Scheduled", "", List.of(group))).id();
            CourseUnits units = units(T0);
            long unit = units.add(id, "Week 2", "").id();
            Unit scheduled = units.publish(id, unit, Optional.of(T0.plus(Duration.ofHours(1))));
            assertThat(scheduled.published()).isFalse();
            assertThat(units.units(id)).hasSize(1);
            return id;
        });

        TestSecurity.as(student, Role.USER, () -> {
            Instant before = T0.plus(Duration.ofMinutes(59));
            assertThat(units(before).units(course)).isEmpty();
            assertThat(courses(before).get(course).newUnits()).isZero();

            Instant at = T0.plus(Duration.ofHours(1));
            assertThat(units(at).units(course)).singleElement()
                    .satisfies(u -> assertThat(u.published()).isTrue());
            assertThat(courses(at).get(course).newUnits()).isEqualTo(1);

            courses(at.plusSeconds(60)).markVisited(course);
            assertThat(courses(at.plusSeconds(120)).get(course).newUnits()).isZero();
            return null;
        });
    }

    private CourseService courses(Instant now) {
        return new CourseService(jdbc, currentUser, Clock.fixed(now, ZoneOffset.UTC));
    }

    private CourseUnits units(Instant now) {
        return new CourseUnits(jdbc, courses(now), market);
    }
}
