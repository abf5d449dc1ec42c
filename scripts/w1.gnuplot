# W1 of samples/bench/README.md drawn by gnuplot, the yardstick of folio-bench's `process-w1-gnuplot`
# case: the 7-day hourly line of ALFA (168 points) with title, axis labels, grid, the minimum and the
# maximum marked and labelled, and a dashed, labelled average line; PNG 1200×675 through Cairo.
# Usage: gnuplot -e "data='DIR/hourly_7d.csv'; out='w1.png'" scripts/w1.gnuplot
set datafile separator ","
# The figures the chart shows are computed from the data, as folio-bench's W1 does.
stats data using 2 skip 1 name "ALFA" nooutput
set xdata time
set timefmt "%Y-%m-%dT%H:%M"
set terminal pngcairo size 1200,675 font "Noto Sans,10"
set output out
set title "ALFA, last 7 days (hourly)"
set xlabel "Time (UTC)"
set ylabel "Price"
set format x "%b %d"
set grid
set key off
min_time = ALFA_index_min
max_time = ALFA_index_max
set arrow from graph 0, first ALFA_mean to graph 1, first ALFA_mean nohead dashtype 2 linecolor "gray40"
set label sprintf("average %.2f", ALFA_mean) at graph 0.01, first ALFA_mean offset 0, 0.7
plot data using 1:2 skip 1 with lines linewidth 2 linecolor "#1f77b4", \
     "" using 1:($0 == min_time ? $2 : 1/0) skip 1 with points pointtype 7 pointsize 1.5 linecolor "#d62728", \
     "" using 1:($0 == min_time ? $2 : 1/0):(sprintf("min %.2f", $2)) skip 1 with labels offset 0, -1.2, \
     "" using 1:($0 == max_time ? $2 : 1/0) skip 1 with points pointtype 7 pointsize 1.5 linecolor "#2ca02c", \
     "" using 1:($0 == max_time ? $2 : 1/0):(sprintf("max %.2f", $2)) skip 1 with labels offset 0, 1.2
