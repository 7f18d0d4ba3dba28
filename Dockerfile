# Build stage: the production bundle and the runnable jar.
FROM maven:3.9-eclipse-temurin-17 AS build
RUN apt-get update -q && apt-get install -y -q --no-install-recommends nodejs npm && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pom.xml .
RUN mvn -B -q dependency:go-offline
COPY src src
COPY frontend frontend
COPY db db
# the image starts gantry.jar itself: no class data archive (target/app) from a training start in the build
RUN mvn -B -Pproduction -DskipTests -Dgantry.cds.skip=true package

# Run stage: a JRE and the jar (the migrations are inside it), as an unprivileged user.
FROM eclipse-temurin:17-jre
RUN apt-get update -q && apt-get install -y -q --no-install-recommends curl && rm -rf /var/lib/apt/lists/* \
 && useradd --system --create-home --home-dir /var/lib/gantry gantry
WORKDIR /opt/gantry
COPY --from=build /src/target/gantry.jar gantry.jar
USER gantry
ENV GANTRY_DATA_DIR=/var/lib/gantry/data
EXPOSE 8080 2222
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=5 \
  CMD curl -fsS -o /dev/null http://localhost:8080/actuator/health/readiness || exit 1
# A heap ceiling chosen on purpose (README, "Memory and start time"); override to size differently.
ENV JAVA_TOOL_OPTIONS="-Xms64m -Xmx384m -XX:MaxMetaspaceSize=256m -XX:ReservedCodeCacheSize=96m -Xss512k -XX:+UseSerialGC" \
    MALLOC_ARENA_MAX=2
ENTRYPOINT ["java", "-jar", "gantry.jar"]
