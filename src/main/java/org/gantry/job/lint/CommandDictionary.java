package org.gantry.job.lint;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.gantry.job.protocol.Spelling;

/**
 * Commands and subcommands that research jobs commonly run, to tell a slip of the keyboard
 * ({@code pyhton}, {@code pip3 isntall}, {@code nvidia-smu}) from a program the dictionary
 * does not know. A word is taken for a slip only when it is close to exactly one known word;
 * see {@link #suggest}.
 */
final class CommandDictionary {

    private static final Set<String> COMMANDS = words("""
            . : [ [[ alias bg bind break builtin caller case cd command compgen complete continue declare dirs
            disown echo enable eval exec exit export false fc fg for function getopts hash help history jobs kill
            let local logout mapfile popd printf pushd pwd read readarray readonly return select set shift shopt
            source suspend test times trap true type typeset ulimit umask unalias unset wait while until if
            ls cp mv rm mkdir rmdir ln chmod chown chgrp touch cat head tail less more sort uniq wc cut paste tr tee
            find xargs grep egrep fgrep sed awk gawk mawk diff cmp comm date sleep env printenv basename dirname
            realpath readlink stat du df free uptime uname hostname id whoami groups who nohup nice timeout watch
            yes seq shuf split md5sum sha1sum sha256sum sha512sum cksum base64 file which whereis tar gzip gunzip
            zcat bzip2 bunzip2 xz unxz zstd zip unzip 7z pigz rsync scp ssh sftp curl wget aria2c git git-lfs
            make cmake ninja gcc g++ cc c++ clang clang++ ld nvcc python python2 python3 pip pip2 pip3 pipx conda
            mamba micromamba virtualenv venv jupyter ipython pytest tensorboard torchrun deepspeed accelerate
            horovodrun mpirun mpiexec srun sbatch squeue scancel sinfo salloc sacct scontrol module ml nvidia-smi
            nvtop htop top ps pgrep pkill killall lsof netstat ss ip ifconfig ping nc java javac mvn gradle node
            npm npx yarn go cargo rustc R Rscript julia matlab octave perl ruby php lua docker singularity
            apptainer kubectl helm hdfs hadoop spark-submit pyspark aws gsutil gcloud az azcopy blobfuse rclone
            s3cmd sudo su apt apt-get dpkg yum dnf apk mount umount ldd ldconfig strace gdb valgrind perf screen
            tmux vim vi nano emacs jq yq bc expr mktemp install patch sshpass openssl ssh-keygen ssh-add ssh-agent
            nproc lscpu lspci lsblk dmesg sync tree column fold fmt nl od xxd hexdump strings tac rev join expand
            truncate dd fallocate mkfifo flock getent locale iconv dos2unix ffmpeg wandb mlflow huggingface-cli dvc
            bash sh zsh dash ksh fish time exec nvidia-docker ninja-build pkg-config autoreconf configure
            gpustat nvidia-debugdump nsys ncu tensorboard pre-commit black flake8 ruff mypy uv poetry pdm
            twine setup.py
            """);

    private static final Map<String, Set<String>> SUBCOMMANDS = Map.of(
            "pip", words("install uninstall download freeze inspect list show check config search cache index wheel"
                    + " hash completion debug help"),
            "conda", words("activate deactivate create install remove uninstall update upgrade list info env clean"
                    + " config search run init compare package rename doctor notices"),
            "git", words("clone init add commit push pull fetch checkout switch branch merge rebase status log diff"
                    + " reset restore tag remote submodule stash show rm mv lfs config describe cherry-pick revert"
                    + " bisect blame grep apply am archive bundle clean gc worktree sparse-checkout rev-parse"
                    + " ls-files ls-remote"),
            "apt", words("install update upgrade remove purge autoremove dist-upgrade full-upgrade search show list"
                    + " clean autoclean download source build-dep"),
            "docker", words("run build pull push images ps exec logs stop rm rmi tag login logout inspect start"
                    + " restart kill cp commit compose network volume system"),
            "module", words("load unload list avail spider purge swap switch show help use unuse whatis keyword save"
                    + " restore reset display initadd"));

    private static final Map<String, String> SUBCOMMAND_FAMILIES = Map.of("pip2", "pip", "pip3", "pip", "mamba",
            "conda", "micromamba", "conda", "apt-get", "apt", "ml", "module");

    /** Versioned names: python3.11, pip3.12, gcc-12, g++-13, clang-17, cuda tools. */
    private static final Pattern VERSIONED = Pattern.compile(
            "(python|pip|pypy)\\d(\\.\\d+)?|(gcc|g\\+\\+|clang|clang\\+\\+|cpp)-\\d+|python\\d\\.\\d+-config");

    private CommandDictionary() {
    }

    static boolean isKnown(String command) {
        return COMMANDS.contains(command) || VERSIONED.matcher(command).matches();
    }

    /** The subcommands of a command that has them ({@code pip3} shares {@code pip}'s). */
    static Optional<Set<String>> subcommandsOf(String command) {
        String family = SUBCOMMAND_FAMILIES.getOrDefault(command, command);
        if (VERSIONED.matcher(command).matches() && command.startsWith("pip")) {
            family = "pip";
        }
        return Optional.ofNullable(SUBCOMMANDS.get(family));
    }

    /** Known commands. */
    static Set<String> commands() {
        return COMMANDS;
    }

    /**
     * The one known word {@code word} most likely meant: the only candidate at the smallest
     * distance, within one edit for words of up to six characters, two up to ten, three
     * beyond. Words shorter than three characters are never taken for slips.
     */
    static Optional<String> suggest(String word, Set<String> candidates) {
        if (word.length() < 3 || candidates.contains(word)) {
            return Optional.empty();
        }
        int allowed = word.length() <= 6 ? 1 : word.length() <= 10 ? 2 : 3;
        int best = Integer.MAX_VALUE;
        List<String> at = new ArrayList<>();
        for (String candidate : candidates) {
            if (candidate.length() < 3 || Math.abs(candidate.length() - word.length()) > allowed) {
                continue;
            }
            int distance = Spelling.distance(word, candidate);
            if (distance > allowed || distance > best) {
                continue;
            }
            if (distance < best) {
                best = distance;
                at.clear();
            }
            at.add(candidate);
        }
        return at.size() == 1 ? Optional.of(at.get(0)) : Optional.empty();
    }

    private static Set<String> words(String text) {
        return Set.copyOf(new LinkedHashSet<>(Arrays.asList(text.trim().split("\\s+"))));
    }
}
