package org.gantry.deps;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvCacheTest {

    private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");
    private static final Duration RETENTION = Duration.ofDays(30);

    @TempDir
    Path cache;

    @Test
    void an_env_unused_for_longer_than_the_retention_goes_with_its_link() throws IOException {
        Path env = env("pip", "aaa", NOW.minus(Duration.ofDays(31)));

        EnvCache.Cleaned cleaned = EnvCache.clean(cache, RETENTION, NOW);

        assertThat(cleaned.envs()).isEqualTo(1);
        assertThat(cleaned.bytes()).isPositive();
        assertThat(env).doesNotExist();
        assertThat(cache.resolve("pip/aaa")).doesNotExist();
        assertThat(Files.isSymbolicLink(cache.resolve("pip/aaa"))).isFalse();
    }

    @Test
    void an_env_used_within_the_retention_stays_even_when_it_was_built_long_ago() throws IOException {
        Path env = env("conda", "bbb", NOW.minus(Duration.ofDays(2)));
        Files.setLastModifiedTime(env, FileTime.from(NOW.minus(Duration.ofDays(400))));

        EnvCache.Cleaned cleaned = EnvCache.clean(cache, RETENTION, NOW);

        assertThat(cleaned.isEmpty()).isTrue();
        assertThat(env.resolve("bin/python")).exists();
        assertThat(Files.isSymbolicLink(cache.resolve("conda/bbb"))).isTrue();
    }

    @Test
    void an_env_from_before_markers_counts_from_when_it_was_built() throws IOException {
        Path old = env("pip", "old", NOW.minus(Duration.ofDays(60)));
        Files.delete(old.resolve(EnvCache.MARKER));
        Files.setLastModifiedTime(old, FileTime.from(NOW.minus(Duration.ofDays(60))));
        Path young = env("pip", "young", NOW);
        Files.delete(young.resolve(EnvCache.MARKER));
        Files.setLastModifiedTime(young, FileTime.from(NOW.minus(Duration.ofDays(1))));

        EnvCache.clean(cache, RETENTION, NOW);

        assertThat(old).doesNotExist();
        assertThat(young).exists();
    }

    @Test
    void a_build_no_link_points_to_is_deleted_once_a_day_old_and_not_before() throws IOException {
        Path crashed = Files.createDirectories(cache.resolve("pip/ccc.build.X1"));
        Files.writeString(crashed.resolve("half"), "x");
        Files.setLastModifiedTime(crashed, FileTime.from(NOW.minus(Duration.ofDays(2))));
        Path building = Files.createDirectories(cache.resolve("pip/ddd.build.X2"));
        Files.setLastModifiedTime(building, FileTime.from(NOW.minus(Duration.ofMinutes(5))));

        EnvCache.Cleaned cleaned = EnvCache.clean(cache, RETENTION, NOW);

        assertThat(cleaned.abandonedBuilds()).isEqualTo(1);
        assertThat(crashed).doesNotExist();
        assertThat(building).exists();
    }

    @Test
    void links_to_outside_the_cache_are_never_followed() throws IOException {
        Path outside = Files.createDirectories(cache.resolve("outside"));
        Files.writeString(outside.resolve("precious"), "keep");
        Files.setLastModifiedTime(outside, FileTime.from(NOW.minus(Duration.ofDays(400))));
        Files.createDirectories(cache.resolve("pip"));
        Files.createSymbolicLink(cache.resolve("pip/eee"), outside);

        EnvCache.clean(cache, RETENTION, NOW);

        assertThat(outside.resolve("precious")).exists();
    }

    /** An env as the task script publishes it: kind/key -> key.build.X, last used at {@code used}. */
    private Path env(String kind, String key, Instant used) throws IOException {
        Path dir = Files.createDirectories(cache.resolve(kind));
        Path build = Files.createDirectories(dir.resolve(key + ".build.AbC123"));
        Files.createDirectories(build.resolve("bin"));
        Files.writeString(build.resolve("bin/python"), "#!/bin/sh\n");
        Files.writeString(build.resolve(EnvCache.MARKER), "");
        Files.setLastModifiedTime(build.resolve(EnvCache.MARKER), FileTime.from(used));
        Files.createSymbolicLink(dir.resolve(key), Path.of(key + ".build.AbC123"));
        return build;
    }
}
